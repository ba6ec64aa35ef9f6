// A split extension of the halving (pass::SplitOptions): a reduction along the axis its operand
// was halved on, for an op whose partial results combine exactly (max, min; halving_parts.h).
#include "halving_parts.h"
#include "split_remarks.h"
#include "tilesplit/ops/lane.h"

namespace tilesplit::vector_split {

// Each lane reduces its own part of the axis; the two partials cross to the cube side by side on
// the axis (a gather) and back to both lanes whole (a split=0 shard), and each lane reduces the
// pair, lane 0's partial first. The op keeps the first of equal elements, so reducing the
// partials of consecutive parts in order is the reduction over the whole axis, bit for bit. Only
// the forms the spec's downstream already takes are made (an even gather, a split=0 shard), so
// the expansion needs nothing new. False (nothing emitted) when the call is not such a reduction
// or a lane may hold no cell of the axis (it would have no partial): the spec's refusal follows.
bool CallHalving::EmitPartialReduction(const VarPtr& var, const Call& call,
                                       const std::vector<const LaneBox*>& parts, ir::Span span,
                                       std::vector<StmtPtr>& out) {
  const ops::OpDef& op = ops::Def(call);
  if (!ctx_.extensions || !op.combines_partials_exactly() || parts.empty() || !parts[0])
    return false;
  for (size_t i = 1; i < parts.size(); ++i)
    if (parts[i]) return false;  // only the reduced operand may be halved; scratch stays whole
  const LaneBox& in = *parts[0];
  const TileType* it = ir::TileTypeOf(call.args[0]);
  const TileType* rt = ir::AsTileType(call.type);
  const int a = in.axis;
  if (!it || !rt || it->shape.size() != 2 || rt->shape.size() != 2 || (a != 0 && a != 1) ||
      !op.CombinesAlong(0, call.args.size(), a, 2) || !ir::IsConstInt(rt->shape[a], 1))
    return false;
  const std::optional<int64_t> valid = ir::AsConstInt(in.full_valid);
  const std::optional<int64_t> half = ir::AsConstInt(in.box);
  if (!valid || !half) return false;
  const std::optional<int64_t> stride = ir::AsConstInt(LaneStrideFor(ctx_, a, in.box));
  if (!stride || ops::LaneShare(*valid, *stride, 0) <= 0 || ops::LaneShare(*valid, *stride, 1) <= 0)
    return false;

  ExprPtr partial = ops::Create(op, call.args, call.kwargs, span);
  VarPtr part = ir::MakeVar(var->name + "_part", partial->type, var->span);
  out.push_back(BindAs(part, partial, span));
  ExprPtr joined =
      ops::Create(ops::GatherOp(), {part}, {{"split", static_cast<int64_t>(a + 1)}}, span);
  VarPtr on_cube = ir::MakeVar(var->name + "_parts_mat", joined->type, var->span);
  out.push_back(BindAs(on_cube, joined, span));
  ExprPtr back = ops::Create(ops::ShardOp(), {on_cube}, {{"split", int64_t{0}}}, span);
  VarPtr pair = ir::MakeVar(var->name + "_parts", back->type, var->span);
  out.push_back(BindAs(pair, back, span));
  std::vector<ExprPtr> args = call.args;
  args[0] = pair;
  ExprPtr combined = ops::Create(op, std::move(args), call.kwargs, span);
  out.push_back(BindAs(s_.Rebind(var, combined->type), combined, span));
  RemarkExtension(*var, "partial reduction",
                  "is " + call.op_name() + " over the split axis " + std::to_string(a) +
                      ": each lane reduces its part, the two partials cross to the cube and back "
                      "whole to both lanes, which reduce the pair in lane order (exact: the op "
                      "keeps the first of equal elements)",
                  "one vector->cube and one cube->vector transfer of two partials, and a second " +
                      call.op_name() + " of two elements per lane");
  return true;
}

}  // namespace tilesplit::vector_split
