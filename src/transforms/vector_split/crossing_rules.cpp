// The crossing rules the halving and the region repair share (crossing_rules.h).
#include "crossing_rules.h"

#include "tilesplit/ir/error.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ops/deduce_util.h"
#include "tilesplit/ops/lane.h"
#include "tilesplit/ops/op_def.h"
#include "tilesplit/ops/split_code.h"

namespace tilesplit::vector_split {

ExprPtr LaneExtent(const ExprPtr& lane, const ExprPtr& valid, const ExprPtr& stride) {
  auto v = ir::AsConstInt(valid);
  auto s = ir::AsConstInt(stride);
  if (v && s) {
    const int64_t e0 = ops::LaneShare(*v, *s, 0);
    if (e0 == ops::LaneShare(*v, *s, 1)) return ir::MakeConstInt(e0);
  }
  return ops::LaneShareExpr(lane, valid, stride);
}

void RejectRuntimeShardBox(ir::Span span, const std::string& prefix, const std::string& what,
                           int axis, const ExprPtr& box) {
  ir::ThrowUser(span,
                prefix + what + ", whose box on split axis " + std::to_string(axis) +
                    " is the runtime value " + ir::ExprToString(box) +
                    ": lane 1's band starts at the box half rounded up, and which split code "
                    "places it there depends on the box being odd or even, known only at run time",
                {{ir::Span{},
                  "give the split axis a static box (the largest one the kernel takes) and make "
                  "its valid extent the runtime value instead; a runtime valid extent is split "
                  "correctly"}});
}

void RejectUnabuttedGather(ir::Span span, const std::string& prefix, const std::string& what,
                           int axis, int64_t valid, int64_t half) {
  ir::ThrowUser(span,
                prefix + what + " is valid for " + std::to_string(valid) + " of " +
                    std::to_string(half) + " cells on axis " + std::to_string(axis) +
                    " in both lanes: lane 1 lands at the half box, so the two bands would not abut",
                {{ir::Span{},
                  "gather a tile whose lanes fill their half boxes, keep the ragged value on the "
                  "vector side, or narrow the valid extent on the cube side after the gather"}});
}

namespace {
// Whether a shard over a tile of `shape` and `valid` carries its valid extents (the op's rule).
bool ShardCarriesValid(const std::vector<ExprPtr>& shape, const std::vector<ExprPtr>& valid,
                       int axis) {
  try {
    ops::CheckSplitBoundaryCarriesValid(ops::ShardOp().name(), shape, valid, axis, true);
    return true;
  } catch (const ir::UserError&) {
    return false;
  }
}
}  // namespace

bool ShardsFullBox(const ir::TileType& full, int axis, std::optional<int64_t> lane_stride,
                   bool extensions) {
  if (full.shape.size() != 2) return false;
  const std::optional<int64_t> box = ir::AsConstInt(full.shape[axis]);
  const std::optional<int64_t> valid = ir::AsConstInt(full.valid()[axis]);
  if (!box) return false;  // a runtime box is refused at the shard
  if (!valid || !PlacesBothLanes(*box, *valid, lane_stride)) return true;
  if (!extensions || ShardCarriesValid(full.shape, full.valid(), axis)) return false;
  std::vector<ExprPtr> widened = full.valid();
  widened[axis] = full.shape[axis];
  return ShardCarriesValid(full.shape, widened, axis);
}

FullBoxShard BuildFullBoxShard(const ir::VarPtr& var, const ops::OpDef& shard, const ExprPtr& src,
                               const ir::TileType& full, int axis, const ir::AttrMap& kwargs,
                               const ExprPtr& lane, std::optional<int64_t> lane_stride,
                               const LaneTypeFn& lane_type, ir::Span span) {
  FullBoxShard x;
  std::vector<ExprPtr> box_valid = full.valid();
  box_valid[axis] = full.shape[axis];
  ExprPtr widened =
      ops::Create(ops::ValidShapeSetterOp(), {src, box_valid[0], box_valid[1]}, {}, span);
  ir::VarPtr box = ir::MakeVar(var->name + "_box", widened->type, var->span);
  x.widen = BindAs(box, widened, span);
  const ir::TypePtr deduced = ops::DeduceType(shard, {box}, kwargs, span);
  const ir::TileType* half_t = ir::AsTileType(deduced);
  x.half = half_t->shape[axis];
  const ExprPtr stride = lane_stride ? ir::Index(*lane_stride) : x.half;
  // Lane 1's start is read from its own pop extent: its share of the full box (9 and 8 of an odd
  // 17), never the deducer's lane-agnostic 9 for both.
  std::vector<ExprPtr> pop_valid = half_t->valid();
  pop_valid[axis] = LaneExtent(lane, full.shape[axis], stride);
  if (ir::ExprListEqual(pop_valid, half_t->shape)) pop_valid.clear();
  ir::TypePtr pop_type = lane_type(*half_t, std::move(pop_valid));
  x.pop = ir::MakeVar(var->name + "_pop", pop_type, var->span);
  x.pop_stmt = BindAs(x.pop, ops::CreateWithType(shard, {box}, kwargs, pop_type, span), span);
  std::vector<ExprPtr> lane_valid = half_t->valid();
  lane_valid[axis] = LaneExtent(lane, full.valid()[axis], stride);
  x.narrowed =
      ops::Create(ops::ValidShapeSetterOp(), {x.pop, lane_valid[0], lane_valid[1]}, {}, span);
  return x;
}

ir::VarPtr WidenLanesToHalfBox(const ir::VarPtr& var, const ExprPtr& operand, const ir::TileType& t,
                               int axis, const ExprPtr& half, ir::Span span,
                               std::vector<ir::StmtPtr>& out) {
  std::vector<ExprPtr> box_valid = t.valid();
  box_valid[axis] = half;
  ExprPtr widened =
      ops::Create(ops::ValidShapeSetterOp(), {operand, box_valid[0], box_valid[1]}, {}, span);
  ir::VarPtr lanes = ir::MakeVar(var->name + "_lanes", widened->type, var->span);
  out.push_back(BindAs(lanes, widened, span));
  return lanes;
}

ExprPtr LaneHoldsRows(const ExprPtr& extent) {
  return ir::MakeBinary(ir::BinaryOp::Gt, extent, ir::Index(0));
}

ir::StmtPtr GuardedStore(const ir::VarPtr& r, const ExprPtr& store, const ExprPtr& extent,
                         ir::Span span) {
  const ir::Call* c = store->As<ir::Call>();
  ir::VarPtr inner = ir::MakeVar(r->name, store->type, span);
  ir::StmtPtr then_b =
      ir::MakeSeq({BindAs(inner, store, span), ir::MakeYield({inner}, span)}, span);
  ir::StmtPtr else_b = ir::MakeSeq({ir::MakeYield({c->args[2]}, span)}, span);
  return std::make_shared<ir::IfStmt>(LaneHoldsRows(extent), then_b, else_b,
                                      std::vector<ir::VarPtr>{r}, span);
}

ir::StmtPtr GuardedStoreEffect(const ExprPtr& store, const ExprPtr& extent, ir::Span span) {
  return std::make_shared<ir::IfStmt>(LaneHoldsRows(extent), ir::MakeEval(store, span), nullptr,
                                      std::vector<ir::VarPtr>{}, span);
}

}  // namespace tilesplit::vector_split
