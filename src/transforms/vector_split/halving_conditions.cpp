// The conditions a vector call must meet to be halved (halving_parts.h); each rejection names
// the operator and operand and says what the author can change.
#include "halving_parts.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/text.h"

namespace tilesplit::vector_split {

// Condition 1: the halved node must still type-check against the arguments it will carry.
// Returns the halved node's type: what the operator deduces from those arguments (so layouts
// follow the per-lane operands), with this lane's valid extent, which deduction cannot know.
TypePtr HalvingConditions::CheckTypeConsistency(const Call& call, const std::vector<ExprPtr>& args,
                                                const TileType& half_t, ir::Span span,
                                                TypePtr* raw_deduced) const {
  const ops::Deduced d = ops::TryDeduceType(ops::Def(call), args, call.kwargs, span);
  const TypePtr& deduced = d.type;
  const std::string refusal = d.ok() ? std::string() : d.error->message();
  if (raw_deduced) *raw_deduced = deduced;
  const TileType* dt = ir::AsTileType(deduced);
  // The per-lane result is what the operator deduces from the per-lane operands (so the
  // printed form, whose types the parser deduces again, reads back the same), with the lane's
  // valid extent. The declared view reaches it through the operands: the shard keeps the view
  // the move declared (EmitShard), and the deducers pass it on.
  if (dt && ir::ExprListEqual(dt->shape, half_t.shape)) {
    // Most deducers pass the per-lane valid extent through already; rebuilding the type then
    // would only make an equal one.
    std::shared_ptr<const TileType> t(deduced, dt);
    if (!ir::ExprListEqual(dt->valid(), half_t.valid())) t = ir::WithValid(*dt, half_t.valid());
    if (!t->memory && half_t.memory) t = ir::WithMemory(*t, *half_t.memory);
    return t;
  }
  std::string full_ops;
  for (size_t i = 0; i < call.args.size(); ++i)
    if (ir::IsTileTyped(call.args[i]) && !OperandSplitInfo(ctx_, call.args[i]) &&
        full_ops.find(Quote(OperandName(call.args[i]))) == std::string::npos)
      full_ops += (full_ops.empty() ? "" : ", ") + Quote(OperandName(call.args[i]));
  std::string msg = "cannot halve " + call.op_name() + ": its per-lane result " +
                    ir::ShapeToString(half_t.shape) + " contradicts ";
  msg += refusal.empty() ? "the type the operator deduces from its operands, " +
                               (dt ? ir::ShapeToString(dt->shape) : std::string("not a tile"))
                         : "the operator, which refuses the per-lane operands (" + refusal + ")";
  if (!full_ops.empty()) msg += "; full-width operand(s): " + full_ops;
  Reject(ctx_, span, msg,
         "derive the per-lane half first (tile.load / tile.slice inside the split function, or "
         "an explicit pl.tile.aiv_shard), or keep a value both lanes share outside the split "
         "function");
}

// Condition 2: an operand the deducer never reads must be lane-local, broadcast along the
// split axis, or declared lane-invariant; anything else is lane data left full width.
void HalvingConditions::CheckBlindOperands(const Call& call, const std::vector<ExprPtr>& args,
                                           const std::vector<const LaneBox*>& parts, int axis,
                                           const TypePtr& base, ir::Span span) const {
  const ops::OpDef& op = ops::Def(call);
  if (op.tile_window()) return;  // windows localized above
  const TileType* rt = ir::AsTileType(call.type);
  const int rrank = static_cast<int>(rt->shape.size());
  // `base` is condition 1's deduction over the same arguments, which accepted them.
  for (size_t i = 0; i < args.size(); ++i) {
    const TileType* t = ir::TileTypeOf(args[i]);
    if (!t || op.lane_invariant_kind(i)) continue;
    // Shape-describing operands were rewritten; a tile operand is the caller's own.
    const bool partitioned = i < parts.size() && args[i] == call.args[i]
                                 ? parts[i] != nullptr
                                 : OperandSplitInfo(ctx_, args[i]) != nullptr;
    if (partitioned) continue;
    const int a = axis - (rrank - static_cast<int>(t->shape.size()));
    if (a < 0 || a >= static_cast<int>(t->shape.size()) || ir::IsConstInt(t->shape[a], 1))
      continue;  // broadcast along the split axis
    std::vector<ExprPtr> shape = t->shape;
    shape[a] = ir::Mul(shape[a], ir::Index(2));
    std::vector<ExprPtr> probe_args = args;
    probe_args[i] = ir::MakeVar("probe", ir::WithShape(*t, shape, {}));
    const ops::Deduced probe = ops::TryDeduceType(op, probe_args, call.kwargs, span);
    if (!probe.ok() || !ir::TypeEqual(probe.type, base)) continue;  // the extent is read
    Reject(ctx_, span,
           call.op_name() + " " + OperandRef(op, i, args[i]) +
               " is full width on the split axis, and the operator's type deduction never "
               "reads its extent, so nothing shows each lane reading only its own half",
           "pass a per-lane operand (load or slice it inside the split function), or a value "
           "whose split dimension is 1");
  }
}

// A bit mask halved on its last axis hands lane L the bytes at L * (mask half), while the
// lane's data columns start at L * (data half), i.e. at bit L * (data half) of the row. The two
// agree only when the mask holds exactly one bit per data column; an oversized mask (which the
// coverage check accepts) would give lane 1 the bits of columns past the data.
void HalvingConditions::CheckBitMaskAlignment(const Call& call, ir::Span span) const {
  const std::optional<std::pair<size_t, size_t>> bm = ops::Def(call).bit_mask();
  if (!bm || bm->first >= call.args.size() || bm->second >= call.args.size()) return;
  const LaneBox* mask = OperandSplitInfo(ctx_, call.args[bm->first]);
  const TileType* mt = ir::TileTypeOf(call.args[bm->first]);
  const TileType* dt = ir::TileTypeOf(call.args[bm->second]);
  if (!mt || !dt) return;
  const int last = static_cast<int>(mt->shape.size()) - 1;
  const LaneBox* data = OperandSplitInfo(ctx_, call.args[bm->second]);
  if (!mask && data && data->axis == static_cast<int>(dt->shape.size()) - 1)
    // One mask element holds the bits of several columns, so even a one-column mask is no
    // broadcast: lane 1's columns need the bits from L * (data half) on, and a whole mask
    // hands every lane the bits of the first columns.
    Reject(ctx_, span,
           call.op_name() + ": the bit mask " + Quote(OperandName(call.args[bm->first])) +
               " is whole on its columns while the data columns are halved: each lane would "
               "select with the bits of the first columns, not of its own",
           "give each lane its own part of the mask (load it inside the split function with "
           "one bit per data column), or split UP_DOWN");
  // A whole mask is full-width lane data, which CheckBlindOperands reports.
  if (mask && data && data->axis != last && mask->axis == data->axis)
    CheckBitMaskRows(call, call.args[bm->first], *mask, *data, span);
  if (!mask || mask->axis != last) return;
  const ExprPtr data_cols = data && data->axis == last ? data->full_box : dt->shape.back();
  const std::optional<int64_t> mc = ir::AsConstInt(mask->full_box);
  const std::optional<int64_t> dc = ir::AsConstInt(data_cols);
  const int bits = ir::DataTypeBits(mt->dtype);
  if (mc && dc && *mc * bits == *dc) return;
  const std::string mask_name = Quote(OperandName(call.args[bm->first]));
  Reject(ctx_, span,
         call.op_name() + ": the bit mask " + mask_name + " is split on its columns, but its " +
             (mc ? std::to_string(*mc) : ir::ExprToString(mask->full_box)) + " " +
             std::string(ir::DataTypeName(mt->dtype)) + " elements per row hold " +
             (mc ? std::to_string(*mc * bits) : std::string("a runtime number of")) + " bits for " +
             (dc ? std::to_string(*dc) : ir::ExprToString(data_cols)) +
             " data columns: each lane's half of the mask would not hold the bits of its own "
             "columns",
         "size the mask to one bit per data column (" +
             (dc ? std::to_string((*dc + bits - 1) / bits) : std::string("columns / bits")) +
             " elements per row), or split UP_DOWN");
}

// Mask row r selects in data row r, and a mask may have more rows than the data it covers: lane
// L's data rows start at L * (data half), so its mask rows must start there too. That holds when
// the mask is halved on the same axis with the same box; one with another box would hand lane 1
// the mask rows of another part of the tile.
void HalvingConditions::CheckBitMaskRows(const Call& call, const ExprPtr& m, const LaneBox& mask,
                                         const LaneBox& data, ir::Span span) const {
  if (ops::ProvablyEqual(mask.full_box, data.full_box)) return;
  const std::string mask_rows = ir::ExprToString(mask.full_box) + " rows, halved on their own";
  Reject(ctx_, span,
         call.op_name() + ": the bit mask " + Quote(OperandName(m)) + " has " + mask_rows +
             ", while the data rows (" + ir::ExprToString(data.full_box) +
             ") are halved: mask row r selects in data row r, so lane 1 would select its rows "
             "with the mask rows of another part of the tile",
         "give the mask exactly the data's rows (" + ir::ExprToString(data.full_box) +
             "), so that both are halved alike, or keep this selection outside the split "
             "function");
}

// Absolute-index operands address the whole table: a halved producer breaks every index.
void HalvingConditions::CheckAbsoluteIndexGate(const Call& call, ir::Span span) const {
  const ops::OpDef& op = ops::Def(call);
  for (const auto& [pos, kind] : op.lane_invariant_args()) {
    if (kind == ops::LaneInvariantKind::Scratch || pos >= call.args.size()) continue;
    if (!OperandSplitInfo(ctx_, call.args[pos])) continue;
    const bool src = kind == ops::LaneInvariantKind::IndexAddressedSource;
    Reject(ctx_, span,
           call.op_name() + " " + OperandRef(op, pos, call.args[pos]) + " was halved, but " +
               call.op_name() +
               (src ? " reads it at absolute indices, so lane 1 would read the wrong rows"
                    : " writes it at absolute indices, so lane 1 would write the wrong rows"),
           "produce the " + ArgLabel(op, pos) +
               " outside the split function and pass it in at full width");
  }
}

void HalvingConditions::CheckTransposeHazard(const Call& call, int axis,
                                             std::pair<size_t, size_t> swapped,
                                             ir::Span span) const {
  const TileType* in = ir::TileTypeOf(call.args[0]);
  if (!in || call.args.size() <= std::max(swapped.first, swapped.second)) return;
  const int rank = static_cast<int>(in->shape.size());
  auto norm = [&](const ExprPtr& e) -> int {
    auto c = ir::AsConstInt(e);
    if (!c) return -1;
    return static_cast<int>(*c < 0 ? *c + rank : *c);
  };
  const int a1 = norm(call.args[swapped.first]), a2 = norm(call.args[swapped.second]);
  if (a1 == axis || a2 == axis)
    Reject(ctx_, span,
           call.op_name() + " swaps the split axis " + std::to_string(axis) + " with axis " +
               std::to_string(a1 == axis ? a2 : a1) +
               ": each lane's half would land on the other axis",
           "transpose outside the split function, or choose the split mode along an axis the "
           "transpose keeps");
}

void HalvingConditions::CheckCombinedAxes(const Call& call,
                                          const std::vector<const LaneBox*>& parts,
                                          ir::Span span) const {
  const ops::OpDef& op = ops::Def(call);
  if (!op.has_combined_axes()) return;
  for (size_t i = 0; i < call.args.size(); ++i) {
    const LaneBox* in = parts[i];
    const TileType* it = in ? ir::TileTypeOf(call.args[i]) : nullptr;
    if (it && op.CombinesAlong(i, call.args.size(), in->axis, static_cast<int>(it->shape.size())))
      Reject(ctx_, span,
             call.op_name() + " " + op.combine_verb() + " axis " + std::to_string(in->axis) +
                 " of " + Quote(OperandName(call.args[i])) +
                 ", which is the split axis: an op that " +
                 op.combine_verb().substr(0, op.combine_verb().find(' ')) +
                 " on the split axis leaves each lane only a partial result",
             "split along an axis " + call.op_name() +
                 " does not combine (the other split mode), or use pl.split_aiv(2, "
                 "mode=pl.SplitMode.NONE) so it runs full width on each lane");
  }
  // An operand a reshape moved off the function's split axis is split on another one, so a
  // reduction along the function's axis is exact on each lane; but the split program's verifier
  // (AivSplitValid check (b), docs/split-checks.md) sees only the region's mode and would refuse
  // the lowered form after this pass accepted it. Refused here, where the author can act on it.
  const int mode_axis = SplitDimension(ctx_.mode);
  for (size_t i = 0; i < call.args.size(); ++i) {
    const LaneBox* in = parts[i];
    const TileType* it = in ? ir::TileTypeOf(call.args[i]) : nullptr;
    if (it && in->axis != mode_axis &&
        op.CombinesAlong(i, call.args.size(), mode_axis, static_cast<int>(it->shape.size())))
      Reject(ctx_, span,
             call.op_name() + " " + op.combine_verb() + " axis " + std::to_string(mode_axis) +
                 " of " + Quote(OperandName(call.args[i])) + ", the split axis of the " +
                 std::string(ir::SplitModeName(ctx_.mode)) +
                 " split, after a reshape moved the operand's split to axis " +
                 std::to_string(in->axis) +
                 ": the split program's region check (AivSplitValid (b)) judges a reduction by "
                 "the region's axis and would refuse the lowered kernel",
             "reduce before the reshape, or choose the split mode along axis " +
                 std::to_string(in->axis) + " (" +
                 std::string(in->axis == 0 ? "UP_DOWN" : "LEFT_RIGHT") + ")");
  }
}

}  // namespace tilesplit::vector_split
