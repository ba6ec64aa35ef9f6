// Reshaping views of the halving (halving_parts.h): a view of a per-lane half keeps it, on a
// migrated axis when the reshape moves it; a view of a full-width value takes the lane's half by
// a slice.
#include "halving_parts.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ops/lane.h"

namespace tilesplit::vector_split {

// tile.reshape / tile.reinterpret_view.
void ViewHalving::EmitView(const VarPtr& var, const Call& call, const TileType& rt, ir::Span span,
                           std::vector<StmtPtr>& out) {
  const ops::OpDef& op = ops::Def(call);
  const std::string& name = call.op_name();
  const LaneBox* in = OperandSplitInfo(ctx_, call.args[0]);
  const TileType* src = ir::TileTypeOf(call.args[0]);
  if (in) {
    // The source is this lane's half: the view keeps it, possibly on a migrated axis.
    const std::optional<size_t> shape_arg = op.shape_arg();
    const bool explicit_shape = shape_arg && call.args.size() > *shape_arg && call.args[*shape_arg];
    std::vector<ExprPtr> full_src = src->shape;  // the source as it was before halving
    full_src[in->axis] = in->full_box;
    if (op.is_byte_reinterpretation() && explicit_shape) {
      // An explicit shape that spells out the auto-inferred one (the contiguous axis scaled) is
      // the same view and halves with its source; any other redistributes the bytes across
      // axes, and no split-axis mapping of it is safe.
      VarPtr whole = ir::MakeVar("whole", ir::WithShape(*src, full_src, {}), var->span);
      TypePtr auto_t = ops::DeduceType(op, {whole}, call.kwargs, span);
      const TileType* at = ir::AsTileType(auto_t);
      if (!at || !ir::ExprListEqual(at->shape, rt.shape))
        Reject(ctx_, span,
               name + " with the explicit shape " + ir::ShapeToString(rt.shape) +
                   " over the per-lane half " + Quote(OperandName(call.args[0])) +
                   ": under a split the shape must match its auto-inferred shape " +
                   (at ? ir::ShapeToString(at->shape) : std::string("(none)")) +
                   ", since a shape that redistributes the bytes across axes has no per-lane "
                   "form",
               "reinterpret without a shape (the contiguous axis scales), or reinterpret the "
               "full tile outside the split function");
    }
    std::optional<int> axis = MigratedAxis(full_src, rt.shape, in->axis);
    const bool fully_valid =
        ir::ExprListEqual(src->valid(), src->shape) && ir::ExprEqual(in->full_valid, in->full_box);
    if (!axis && !op.is_byte_reinterpretation() && fully_valid && !ctx_.lane_stride &&
        ir::AsConstInt(in->box) && ir::AsConstInt(in->full_box) &&
        *ir::AsConstInt(in->full_box) == 2 * *ir::AsConstInt(in->box))
      axis = ContiguousBlockAxis(full_src, rt.shape, in->axis);
    // A reinterpretation without a shape keeps the rank and scales only the contiguous axis:
    // each lane's rows (or its columns, scaled) are still its own, on the same axis. The
    // deduction over the halved operand below confirms the per-lane shape (an odd box whose
    // halves do not scale to whole elements is refused there).
    if (!axis && op.is_byte_reinterpretation() && rt.shape.size() == full_src.size())
      axis = in->axis;
    if (!axis)
      Reject(ctx_, span,
             name + " of the per-lane half " + Quote(OperandName(call.args[0])) +
                 " moves the split axis " + std::to_string(in->axis) + " across non-unit axes (" +
                 ir::ShapeToString(src->shape) + " -> " + ir::ShapeToString(rt.shape) +
                 "), so a lane's rows no longer form its half",
             "reshape only by adding or removing unit axes inside the split function, or so "
             "that each lane's band stays one contiguous run (every axis before the split axis "
             "is 1, and the new first non-unit axis has an even extent)");
    if (*axis != in->axis && ctx_.lane_stride)
      Reject(ctx_, span,
             name +
                 " migrates the split axis inside a body whose ragged boundary is "
                 "rebalanced (lane_stride=" +
                 std::to_string(*ctx_.lane_stride) +
                 "): a migrated axis carries its own half and cannot follow that partition",
             "pad the boundary tile to a fully valid box, or reshape outside the split "
             "function");
    LaneBox info;
    auto half_t = HalveTileShape(ctx_, rt, *axis, &info);
    std::vector<ExprPtr> args = call.args;
    if (explicit_shape) args[*shape_arg] = WithElem(args[*shape_arg], *axis, info.box);
    TypePtr type = conditions_.CheckTypeConsistency(call, args, *half_t, span);
    VarPtr v = s_.Rebind(var, type, /*fresh=*/true);
    s_.Track(v, info);
    out.push_back(BindAs(v, ops::CreateWithType(op, args, call.kwargs, type, span), span));
    return;
  }
  const int axis = ctx_.split_dim;
  if (axis >= static_cast<int>(rt.shape.size()) || ir::IsConstInt(rt.shape[axis], 1)) {
    ExprPtr e = ops::CreateWithType(op, call.args, call.kwargs, call.type, span);
    out.push_back(BindAs(s_.Rebind(var, e->type), e, span));
    return;
  }
  // A full-width source: keep the view whole, then take this lane's half with a slice, so
  // each lane reads its own half rather than both reading the first.
  if (!ir::AsConstInt(rt.shape[axis]))
    Reject(ctx_, span,
           name + " of the full-width " + Quote(OperandName(call.args[0])) +
               " has a dynamic split extent " + ir::ExprToString(rt.shape[axis]) +
               "; the per-lane slice needs a static half",
           "give the view a static extent on the split axis, or view a per-lane value");
  const std::optional<int64_t> box = ir::AsConstInt(rt.shape[axis]);
  auto reject_odd = [&] {
    Reject(ctx_, span,
           name + " of the full-width " + Quote(OperandName(call.args[0])) +
               " gives the split axis " + std::to_string(axis) + " the odd extent " +
               std::to_string(*box) + ": each lane would take its half with a slice of " +
               std::to_string(ops::LaneHalf(*box)) + ", and lane 1's would reach past the view",
           "give the view an even extent on the split axis, or view a value the split already "
           "halved");
  };
  // Not even the split extensions pad this band: the pad would be full-width work on a value
  // that is not a whole copy of lane-local data, which the admission (and the printed form,
  // read back) takes for vector work left unsplit.
  if (*box % 2 != 0) reject_odd();
  if (ctx_.lane_stride)
    Reject(ctx_, span,
           name + " of a full-width value inside a rebalanced body (lane_stride=" +
               std::to_string(*ctx_.lane_stride) + ")",
           "derive the viewed value from the boundary tile");
  ExprPtr whole_call = ops::CreateWithType(op, call.args, call.kwargs, call.type, span);
  VarPtr whole = ir::MakeVar(var->name + "_full", call.type, var->span);
  out.push_back(BindAs(whole, whole_call, span));
  if (!s_.EmitLaneBand(var, whole, rt, axis, span, out)) reject_odd();
}

// Where the split axis lands after a reshape that only adds or removes unit axes.
std::optional<int> ViewHalving::MigratedAxis(const std::vector<ExprPtr>& from,
                                             const std::vector<ExprPtr>& to, int axis) {
  if (ir::ExprListEqual(from, to)) return axis;
  std::vector<int> from_nu, to_nu;
  for (size_t i = 0; i < from.size(); ++i)
    if (!ir::IsConstInt(from[i], 1)) from_nu.push_back(static_cast<int>(i));
  for (size_t i = 0; i < to.size(); ++i)
    if (!ir::IsConstInt(to[i], 1)) to_nu.push_back(static_cast<int>(i));
  if (from_nu.size() != to_nu.size()) return std::nullopt;
  for (size_t k = 0; k < from_nu.size(); ++k)
    if (!ir::ExprEqual(from[from_nu[k]], to[to_nu[k]])) return std::nullopt;
  for (size_t k = 0; k < from_nu.size(); ++k)
    if (from_nu[k] == axis) return to_nu[k];
  return std::nullopt;
}

// Where the split axis lands after a row-major reshape that keeps each lane's band one
// contiguous run of the flat tile: every axis before the split axis is a unit axis, so lane L's
// band is the L-th half of the elements, and the target's first non-unit axis has an even
// static extent, whose two halves are exactly those runs ([16, 16] -> [256, 1] under UP_DOWN).
std::optional<int> ViewHalving::ContiguousBlockAxis(const std::vector<ExprPtr>& from,
                                                    const std::vector<ExprPtr>& to, int axis) {
  for (int i = 0; i < axis; ++i)
    if (!ir::IsConstInt(from[static_cast<size_t>(i)], 1)) return std::nullopt;
  for (size_t i = 0; i < to.size(); ++i) {
    if (ir::IsConstInt(to[i], 1)) continue;
    auto e = ir::AsConstInt(to[i]);
    if (!e || *e % 2 != 0) return std::nullopt;
    return static_cast<int>(i);
  }
  return std::nullopt;
}

}  // namespace tilesplit::vector_split
