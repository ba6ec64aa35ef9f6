// The boundary crossings of the halving (halving_parts.h): the shard at a cube->vector crossing
// and the gather at a vector->cube one.
#include "crossing_rules.h"
#include "halving_parts.h"
#include "split_remarks.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ops/deduce_util.h"
#include "tilesplit/ops/split_code.h"

namespace tilesplit::vector_split {

// C->V boundary: the cube tile stays full; each lane receives its half.
void BoundaryHalving::EmitShard(const VarPtr& var, const Call& move, ir::Span span,
                                std::vector<StmtPtr>& out) {
  const ops::OpDef* shard = &ops::ShardOp();
  const ExprPtr& src = move.args[0];
  const TileType* full = ir::TileTypeOf(src);
  const int d = ctx_.split_dim;
  if (static_cast<int>(full->shape.size()) <= d || ir::IsConstInt(full->shape[d], 1)) {
    // A singleton split axis has no halves: both lanes receive the whole tile (split=0), which
    // stays neutral like any broadcast read.
    ir::AttrMap kw0{{"split", int64_t{0}}};
    ExprPtr e = ops::Create(*shard, {src}, kw0, span);
    RemarkKeptWhole(*var,
                    "its split axis has extent 1, so both lanes receive the whole tile (split=0)");
    out.push_back(BindAs(s_.Rebind(var, e->type, false, /*deduced=*/true), e, span));
    return;
  }
  ir::AttrMap kw{{"split", static_cast<int64_t>(ctx_.mode)}};
  if (ctx_.lane_stride) kw.emplace_back("lane_stride", *ctx_.lane_stride);
  const std::optional<int64_t> box = ir::AsConstInt(full->shape[d]);
  if (!box)
    RejectRuntimeShardBox(span, "LowerAutoVectorSplit: ",
                          "the C->V boundary tile.move here moves " + Quote(OperandName(src)), d,
                          full->shape[d]);
  if (ShardsFullBox(*full, d, ctx_.lane_stride, ctx_.extensions)) {
    const std::optional<int64_t> v = ir::AsConstInt(full->valid()[d]);
    if (v && PlacesBothLanes(*box, *v, ctx_.lane_stride)) RemarkFullBoxExtension(*var, *full);
    return EmitFullBoxShard(var, move, *full, kw, span, out);
  }
  TypePtr deduced = ops::DeduceType(*shard, {src}, kw, span);
  const TileType* half_t = ir::AsTileType(deduced);
  LaneBox info{d, half_t->shape[d], full->shape[d], full->valid()[d]};
  // The deducer can only guess a lane-agnostic ceil half of the valid extent; each lane's own
  // extent depends on the lane index (LocalizeShardValidForLane).
  std::vector<ExprPtr> valid = half_t->valid();
  valid[d] = LaneValidExtent(ctx_, info.full_valid, info.box, LaneStrideFor(ctx_, d, info.box));
  if (ir::ExprListEqual(valid, half_t->shape)) valid.clear();
  TypePtr type = LaneHalfType(var, move, *half_t, std::move(valid));
  VarPtr v = s_.Rebind(var, type, /*fresh=*/true, /*deduced=*/true);
  s_.Track(v, std::move(info));
  if (!ctx_.lane_stride) ctx_.shard_sources[v.get()] = src;
  out.push_back(BindAs(v, ops::CreateWithType(*shard, {src}, kw, type, span), span));
}

// The lane's half of a crossing takes the shard's deduced type (no layout: the spec's shard is
// typed with only its valid shape) with the lane's extents. A view the author wrote on the move
// (one its deduction does not give) overrides it, as an annotation's view does in the parser.
TypePtr BoundaryHalving::LaneHalfType(const VarPtr& move_var, const Call& move,
                                      const TileType& half, std::vector<ExprPtr> valid) {
  const TileType* declared = ir::AsTileType(move_var->type);
  const TileType* moved = ir::AsTileType(move.type);
  if (declared && moved && declared->shape.size() == half.shape.size() &&
      declared->memory == half.memory && !ir::SameLayout(*declared, *moved))
    return ir::WithShape(*declared, half.shape, std::move(valid));
  return ir::WithValid(half, std::move(valid));
}

// A runtime split-axis extent (no compile-time code fits every value: 12 of 16 rows leaves the
// lanes 8 and 4, 16 leaves them 8 and 8), or a static one no code places (25 of 32 rows next
// to a full-box load: 16 and 9): the crossing transports the FULL box, whose lanes are 8/8 or
// 9/8 and always placeable, and the lane's own extent is applied right after the pop by a
// tile.set_validshape, the first consumer of the shard.
void BoundaryHalving::EmitFullBoxShard(const VarPtr& var, const Call& move, const TileType& full,
                                       const ir::AttrMap& kw, ir::Span span,
                                       std::vector<StmtPtr>& out) {
  const int d = ctx_.split_dim;
  FullBoxShard x = BuildFullBoxShard(
      var, ops::ShardOp(), move.args[0], full, d, kw, ctx_.lane, ctx_.lane_stride,
      [&](const TileType& half, std::vector<ExprPtr> valid) {
        return LaneHalfType(var, move, half, std::move(valid));
      },
      span);
  out.push_back(x.widen);
  out.push_back(x.pop_stmt);
  LaneBox info{d, x.half, full.shape[d], full.valid()[d]};
  VarPtr v = ir::MakeVar(var->name, x.narrowed->type, var->span);
  ctx_.replacements.InsertOrAssign(var.get(), v);
  s_.Track(x.pop, info);
  s_.Track(v, std::move(info));
  out.push_back(BindAs(v, x.narrowed, span));
}

// V->C boundary: reassemble the lanes' halves, then keep the author's placement move.
void BoundaryHalving::EmitGather(const VarPtr& var, const Call& move, ir::Span span,
                                 std::vector<StmtPtr>& out) {
  const ExprPtr& operand = move.args[0];
  const LaneBox* info = OperandSplitInfo(ctx_, operand);
  const TileType* ot = ir::TileTypeOf(operand);
  const size_t d = static_cast<size_t>(ctx_.split_dim);
  if (!info && ot && ot->shape.size() > d && ir::IsConstInt(ot->shape[d], 1)) {
    // A singleton split axis was never halved: both lanes hold the same whole value, so the
    // cube takes it once through a split=0 gather (the transport checks the lanes agree).
    ir::AttrMap kw0{{"split", int64_t{0}}};
    ExprPtr joined = ops::Create(ops::GatherOp(), {operand}, kw0, span);
    VarPtr mat = ir::MakeVar(var->name + "_mat", joined->type, var->span);
    out.push_back(BindAs(mat, joined, span));
    ExprPtr placed = ops::Create(ops::Def(move), {mat}, move.kwargs, span);
    out.push_back(BindAs(s_.Rebind(var, placed->type), placed, span));
    return;
  }
  if (!info)
    Reject(ctx_, span,
           "the V->C boundary tile.move here carries a full-width vector operand " +
               Quote(OperandName(operand)) +
               ". tile.aic_gather reassembles the two AIV lanes' per-lane halves into the full "
               "tile the cube expects, so its operand must be a value the split halved (a "
               "tile.load / tile.slice / elementwise result inside the vector sub-region); an "
               "un-halved value has no half to gather",
           "derive the per-lane half first (load or slice the value inside the split function) "
           "and move that to the cube side; a value whose split dimension is 1 is handed over "
           "whole");
  const VarPtr mat = GatherToCube(var, operand, span, out);
  ExprPtr placed = ops::Create(ops::Def(move), {mat}, move.kwargs, span);
  out.push_back(BindAs(s_.Rebind(var, placed->type), placed, span));
}

// The lanes' halves of `operand` joined on the cube (the gather, padded for an odd box and
// narrowed to the pre-split valid extent), bound to a variable named after `var`.
VarPtr BoundaryHalving::GatherToCube(const VarPtr& var, const ExprPtr& operand, ir::Span span,
                                     std::vector<StmtPtr>& out) {
  const LaneBox* info = OperandSplitInfo(ctx_, operand);
  if (!info) ir::ThrowInternal(span, "gathering a value the split did not halve");
  if (info->axis != 0 && info->axis != 1)
    Reject(ctx_, span,
           "the V->C boundary operand " + Quote(OperandName(operand)) + " is split on axis " +
               std::to_string(info->axis) +
               ", which a 2D tile.aic_gather cannot express (its split attr names axis 0 or 1)",
           "reshape the value so that its split axis is dim 0 or dim 1 before moving it to the "
           "cube side");
  const TileType* half_t = ir::TileTypeOf(operand);
  const int a = info->axis;
  auto box = ir::AsConstInt(info->full_box);
  auto half = ir::AsConstInt(info->box);
  // An odd box (17 rows: lanes of 9 and 8) has no gather of its own: the join doubles the lane
  // box. With the split extensions each lane hands over its whole ceil-half band (lane 1's last
  // row is the pad, past the valid extent), the bands abut at the half box, and the cube takes
  // the box back out of the padded even join right after the pop (a tile.slice of the box at the
  // origin, with the pre-split valid extent), so the cube never reads the pad and its work keeps
  // the types it had.
  const bool odd = box && half && *box != 2 * *half;
  if (odd && !ctx_.extensions)
    Reject(ctx_, span,
           "the V->C boundary operand " + Quote(OperandName(operand)) + " has an odd box of " +
               std::to_string(*box) + " on axis " + std::to_string(a) + ": the lanes would hold " +
               std::to_string(*half) + " and " + std::to_string(*box - *half) +
               " cells and tile.aic_gather has no odd form (lane 1 lands at the half box)",
           "pad the split axis to an even extent and narrow the valid extent on the cube side");
  // Lane l lands at l * half: the join is a rectangle only when lane 0 fills its band or lane
  // 1 holds nothing. A static partial extent shared by both lanes leaves a hole.
  if (auto lv = ir::AsConstInt(half_t->valid()[a]); lv && half && *lv != *half && *lv != 0)
    RejectUnabuttedGather(
        span, "LowerAutoVectorSplit: ", "the V->C boundary operand " + Quote(OperandName(operand)),
        a, *lv, *half);
  const ops::OpDef* gather = &ops::GatherOp();
  ir::AttrMap kw{{"split", static_cast<int64_t>(a + 1)}};
  // Lane 1 lands at its own extent, so a lane extent that depends on the lane index (a runtime
  // or ragged one: 11 of 16 rows leaves 8 and 3) would put lane 1 at row 3. Such a join
  // transports both lanes' full half boxes, which abut, and narrows to the pre-split extent on
  // the cube side after the pop.
  // (A constant lane extent short of the half box is 0 here, both lanes empty: a shared partial
  // one was refused above. It is widened too, as the region repair widens it when the printed
  // region is read back, so that the output lowers to itself.)
  const bool widen =
      half_t->valid().size() == 2 && (odd || !ops::ProvablyEqual(half_t->valid()[a], info->box));
  const ExprPtr lanes =
      widen ? WidenLanesToHalfBox(var, operand, *half_t, a, info->box, span, out) : operand;
  TypePtr deduced = ops::DeduceType(*gather, {lanes}, kw, span);
  const TileType* gt = ir::AsTileType(deduced);
  std::vector<ExprPtr> valid = gt->valid();
  valid[a] = info->full_valid;  // bands abut, so the join is exactly the pre-split extent
  if (ir::ExprListEqual(valid, gt->shape)) valid.clear();
  TypePtr type = ir::WithValid(*gt, std::move(valid));
  VarPtr mat;
  if (widen) {
    VarPtr join = ir::MakeVar(var->name + "_join", deduced, var->span);
    out.push_back(BindAs(join, ops::Create(*gather, {lanes}, kw, span), span));
    const std::vector<ExprPtr> v = ir::AsTileType(type)->valid();
    ExprPtr narrowed;
    if (odd) {
      std::vector<ExprPtr> shape = gt->shape, origin;
      shape[static_cast<size_t>(a)] = info->full_box;
      for (size_t i = 0; i < shape.size(); ++i) origin.push_back(ir::Index(0));
      std::vector<ExprPtr> args = {join, ir::MakeTupleExpr(shape), ir::MakeTupleExpr(origin)};
      if (!ir::ExprListEqual(v, shape)) args.push_back(ir::MakeTupleExpr(v));
      narrowed = ops::Create(ops::SliceWindowOp(), std::move(args), {}, span);
      RemarkOddGather(*var, *box, *half);
    } else {
      narrowed = ops::Create(ops::ValidShapeSetterOp(), {join, v[0], v[1]}, {}, span);
    }
    mat = ir::MakeVar(var->name + "_mat", narrowed->type, var->span);
    out.push_back(BindAs(mat, narrowed, span));
  } else {
    mat = ir::MakeVar(var->name + "_mat", type, var->span);
    out.push_back(BindAs(mat, ops::CreateWithType(*gather, {lanes}, kw, type, span), span));
  }
  return mat;
}

}  // namespace tilesplit::vector_split
