// The split extensions of the halving (pass::SplitOptions) that bring lane-local data back whole
// on both lanes (halving_parts.h): through the cube, a gather then a split=0 shard, or only the
// shard when the data is a crossing's half. They split a window that is not lane-aligned, and any
// other vector call the spec cannot halve (a reshape moving the split axis, a transpose of a
// lane's half, a reduction or join on the split axis, a gather at absolute indices, a select
// whose bit mask does not halve with its data). Each computes from whole operands exactly what
// the unsplit kernel computes, so `check` compares it bit for bit.
#include "halving_parts.h"
#include "split_remarks.h"
#include "tilesplit/analysis/affinity.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/text.h"

namespace tilesplit::vector_split {

void CallHalving::EmitHalved(const VarPtr& var, const Call& call, ir::Span span,
                             std::vector<StmtPtr>& out) {
  if (!ctx_.extensions) return EmitHalvedAsSpec(var, call, span, out);
  const size_t mark = out.size();
  try {
    if (!EmitWholeSourceWindow(var, call, span, out)) EmitHalvedAsSpec(var, call, span, out);
  } catch (const ir::UserError&) {
    // The spec's refusal: nothing of the attempt is kept, and when the whole operands cannot
    // be had either, the refusal stands as the spec words it.
    out.resize(mark);
    bool done = false;
    try {
      done = EmitFromWholeOperands(var, call, span, out);
    } catch (const ir::UserError&) {
      out.resize(mark);
    }
    if (!done) throw;
  }
}

VarPtr CallHalving::Rewhole(const ExprPtr& operand, ir::Span span, std::vector<StmtPtr>& out,
                            std::string& cost) {
  const ir::Var* src = operand->As<ir::Var>();
  if (!src) return nullptr;
  VarPtr name = ir::MakeVar(s_.FreshName(src->name + "_whole"), operand->type, span);
  // A lane's half of a crossing is popped again whole from the cube tile it came from (that
  // tile is an SSA value in scope wherever the half is); anything else goes to the cube first.
  ExprPtr cube;
  if (auto it = ctx_.shard_sources.find(src); it != ctx_.shard_sources.end()) {
    cube = it->second;
    cost += (cost.empty() ? "" : ", ") + std::string("one cube->vector transfer of the whole ") +
            Quote(OperandName(cube));
  } else {
    cube = boundary_.GatherToCube(name, operand, span, out);
    cost += (cost.empty() ? "" : ", ") +
            std::string("a vector->cube and a cube->vector transfer of ") + Quote(src->name) +
            " whole";
  }
  ExprPtr back = ops::Create(ops::ShardOp(), {cube}, {{"split", int64_t{0}}}, span);
  VarPtr whole = ir::MakeVar(name->name, back->type, span);
  out.push_back(BindAs(whole, back, span));
  return whole;
}

// A window (slice, read, extract) of a lane-local tile that does not fit the lanes' bands reads
// rows the other lane holds. Its source is made whole and the window taken from the whole tile
// the way a window of any full-width tile is (a tile result halved on the function's axis, a
// scalar read as it is), so the window itself needs no second slice.
bool CallHalving::EmitWholeSourceWindow(const VarPtr& var, const Call& call, ir::Span span,
                                        std::vector<StmtPtr>& out) {
  if (ctx_.lane_stride) return false;
  const std::optional<size_t> src = windows_.MisalignedSource(call);
  if (!src) return false;
  const LaneBox& in = *OperandSplitInfo(ctx_, call.args[*src]);
  const std::string source = OperandName(call.args[*src]);
  const std::string axis = std::to_string(in.axis);
  const size_t mark = out.size();
  VarPtr whole;
  std::string cost;
  try {
    whole = Rewhole(call.args[*src], span, out, cost);
  } catch (const ir::UserError&) {
    whole = nullptr;
  }
  if (!whole) {
    out.resize(mark);
    return false;
  }
  std::vector<ExprPtr> args = call.args;
  args[*src] = whole;
  ExprPtr from_whole =
      ops::CreateWithType(ops::Def(call), std::move(args), call.kwargs, call.type, span);
  EmitHalvedAsSpec(var, *from_whole->As<Call>(), span, out);
  RemarkExtension(*var, "whole-source window",
                  "is " + call.op_name() + " of a window of " + Quote(source) +
                      " that is not lane-aligned on the split axis " + axis + ": " + Quote(source) +
                      " is made whole on both lanes and the window taken from it",
                  cost);
  return true;
}

// Both lanes compute the call from whole operands and keep their band of the result on the
// function's split axis; a result without one (a scalar, a singleton on the split axis) is the
// same on both lanes and stays whole, as any broadcast along the split does. Stores are not
// made whole (both lanes would write the tile), nor calls under a balanced partition, nor a
// result whose split extent is dynamic; an odd one is padded to two bands (EmitLaneBand).
bool CallHalving::EmitFromWholeOperands(const VarPtr& var, const Call& call, ir::Span span,
                                        std::vector<StmtPtr>& out) {
  const ops::OpDef& op = ops::Def(call);
  if (ctx_.lane_stride || IsGmWrite(call) || call.type->kind == ir::TypeKind::Tuple ||
      analysis::ClassifyCallAffinity(call) != analysis::CoreAffinity::VECTOR)
    return false;
  const TileType* rt = ir::AsTileType(call.type);
  const int axis = ctx_.split_dim;
  const bool banded = rt && rt->shape.size() >= 2 && axis < static_cast<int>(rt->shape.size()) &&
                      !ir::IsConstInt(rt->shape[axis], 1);
  if (banded && !ir::AsConstInt(rt->shape[axis])) return false;
  std::vector<ExprPtr> args = call.args;
  std::string operands, cost;
  for (size_t i = 0; i < args.size(); ++i) {
    if (!ir::TileTypeOf(args[i]) || !OperandSplitInfo(ctx_, args[i])) continue;
    operands += (operands.empty() ? "" : ", ") + Quote(OperandName(args[i]));
    VarPtr whole = Rewhole(args[i], span, out, cost);
    if (!whole) return false;
    args[i] = whole;
  }
  if (operands.empty()) return false;
  // The whole operands come back through a gather, in the layout of a plain tile: their layout
  // may not be the original operands' (a transpose_view's column-major result). The call keeps
  // the original type's layout as the parser keeps an annotation's: a layout that is the implicit
  // one declares nothing, and the layout deduced from the whole operands stands, as it does when
  // the printed form is read back. A deduced shape or valid extent that differs keeps the
  // original type.
  TypePtr type = call.type;
  const TypePtr deduced = ops::DeduceType(op, args, call.kwargs, span);
  if (const TileType* d = ir::AsTileType(deduced); d && rt &&
                                                   ir::ExprListEqual(d->shape, rt->shape) &&
                                                   ir::ExprListEqual(d->valid(), rt->valid()))
    type = ir::WithDeclaredLayout(call.type, deduced);
  ExprPtr e = ops::CreateWithType(op, std::move(args), call.kwargs, type, span);
  RemarkExtension(*var, "whole operands",
                  "is " + call.op_name() +
                      ", which the split cannot halve: its lane-local operand(s) " + operands +
                      " are made whole on both lanes, which compute it whole" +
                      (banded ? " and keep their band of the result" : ""),
                  cost + ", and " + call.op_name() + " computed whole on both lanes");
  if (!banded) {
    out.push_back(BindAs(s_.Rebind(var, e->type), e, span));
    return true;
  }
  VarPtr whole = ir::MakeVar(s_.FreshName(var->name + "_full"), e->type, var->span);
  out.push_back(BindAs(whole, e, span));
  return s_.EmitLaneBand(var, whole, *rt, axis, span, out);
}

}  // namespace tilesplit::vector_split
