// CheckFlatShardExtents (regions.h): a hand-written flat split_aiv kernel types each shard's
// result itself, and the split program gives each lane exactly the extent that type states. The
// lanes' true shares are clamp(V - L*S, 0, S) of the V valid cells (S the lane stride), so a type
// that states anything else (the deducer's lane-agnostic ceil half of V, typically) makes a lane
// store or compute the wrong number of rows. A region's shards are repaired with the lane index
// instead (LocalizeExplicitBoundaryValid); in a flat kernel the cube work around them is not set
// apart, so the pass asks the author for the type rather than rewriting the kernel.
#include <algorithm>
#include <optional>

#include "regions.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/eval.h"
#include "tilesplit/ir/text.h"
#include "tilesplit/ir/walk.h"
#include "tilesplit/ops/lane.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::vector_split {
namespace {

using ir::ExprPtr;

// The variables bound to the lane index anywhere in the body.
std::vector<ir::VarPtr> LaneVars(const ir::StmtPtr& body) {
  std::vector<ir::VarPtr> lanes;
  ir::ForEachStmt(body, ir::kWalkAll, [&](const ir::StmtPtr& s) {
    const ir::AssignStmt* a = s->As<ir::AssignStmt>();
    if (a && ops::IsLaneIndexCall(a->value)) lanes.push_back(a->var);
  });
  return lanes;
}

ExprPtr AtLane(const ExprPtr& e, const std::vector<ir::VarPtr>& lanes, int64_t lane) {
  ir::VarMap m;
  for (const ir::VarPtr& v : lanes) m[v.get()] = ir::MakeConstInt(lane);
  return ir::Substitute(e, m);
}

// What lane `lane` truly holds of `valid` cells under `stride`, in the form the pass itself
// writes (min(max(V, L*S) - L*S, S)), so that a runtime V is compared by structure.
ExprPtr LaneShare(const ExprPtr& valid, int64_t stride, int64_t lane, int64_t half) {
  if (auto v = ir::AsConstInt(valid))
    return ir::Index(std::min(half, ops::LaneShare(*v, stride, lane)));
  return ops::LaneShareExpr(ir::Index(lane), valid, ir::Index(stride));
}

void CheckShard(const ir::AssignStmt& a, const ir::Call& c, const std::vector<ir::VarPtr>& lanes,
                const std::string& lane_name) {
  const int64_t split = ir::GetAttr<int64_t>(c.kwargs, "split").value_or(0);
  if (split != 1 && split != 2) return;
  const size_t axis = static_cast<size_t>(split - 1);
  const ir::TileType* src = c.args.empty() ? nullptr : ir::TileTypeOf(c.args[0]);
  const ir::TileType* res = ir::AsTileType(a.var->type);
  if (!src || !res || src->shape.size() <= axis || res->shape.size() <= axis) return;
  const std::optional<int64_t> box = ir::AsConstInt(src->shape[axis]);
  const std::optional<int64_t> half = ir::AsConstInt(res->shape[axis]);
  if (!box || !half) return;  // the deducer refuses a runtime box on the split axis
  const int64_t stride =
      ir::GetAttr<int64_t>(c.kwargs, "lane_stride").value_or(ops::LaneHalf(*box));
  const ExprPtr valid = src->valid()[axis];
  const ExprPtr declared = res->valid()[axis];
  for (int64_t lane = 0; lane < 2; ++lane) {
    const ExprPtr stated = AtLane(declared, lanes, lane);
    const ExprPtr truth = LaneShare(valid, stride, lane, *half);
    const auto stated_n = ir::EvalInt(declared, [&](const ir::Var& v) -> std::optional<int64_t> {
      for (const ir::VarPtr& l : lanes)
        if (l.get() == &v) return lane;
      return std::nullopt;
    });
    const auto truth_n = ir::AsConstInt(truth);
    if (stated_n && truth_n ? *stated_n == *truth_n : ir::ExprEqual(stated, truth)) continue;
    const std::string what = axis == 0 ? "rows" : "columns";
    std::string msg = "tile.aiv_shard: the type of '" + a.var->name + "' states " +
                      ir::ExprToString(stated) + " valid " + what + " on lane " +
                      std::to_string(lane) + ", but of the " + ir::ExprToString(valid) + " valid " +
                      what + " of " + ir::ExprToString(c.args[0]) + " (lane stride " +
                      std::to_string(stride) + ") lane " + std::to_string(lane) + " holds " +
                      ir::ExprToString(truth);
    if (!(stated_n && truth_n)) msg += ", and lower-auto-vector-split cannot prove the two equal";
    std::vector<ExprPtr> fix = res->valid();
    fix[axis] = ops::LaneShareExpr(ir::MakeVar(lane_name, ir::MakeScalarType(ir::DataType::INDEX)),
                                   valid, ir::Index(stride));
    std::string fix_text;
    for (size_t i = 0; i < fix.size(); ++i) fix_text += (i ? ", " : "") + ir::ExprToString(fix[i]);
    ir::ThrowUser(
        a.span,
        msg + "; a flat split_aiv kernel gives each lane exactly the extent its type states",
        {{ir::Span{},
          "state each lane's own extent in the type of '" + a.var->name +
              "': pl.TileView(valid_shape=[" + fix_text + "])" +
              (lanes.empty() ? " with " + lane_name + " bound to pl.tile.get_subblock_idx() first"
                             : "")},
         {ir::Span{},
          "or write the vector work in a pl.split_aiv region, whose shards the pass "
          "types per lane itself"}});
  }
}

}  // namespace

void CheckFlatShardExtents(const ir::Function& f) {
  if (f.func_type != ir::FunctionType::InCore || !f.BoolAttr(ir::fattr::kSplitAiv) ||
      HasSplitRegion(f.body))
    return;
  const std::vector<ir::VarPtr> lanes = LaneVars(f.body);
  const std::string lane_name = lanes.empty() ? "aiv_id" : lanes.front()->name;
  ir::ForEachStmt(f.body, ir::kWalkAll, [&](const ir::StmtPtr& s) {
    const ir::AssignStmt* a = s->As<ir::AssignStmt>();
    const ir::Call* c = a ? a->value->As<ir::Call>() : nullptr;
    if (c && ops::RegisteredDef(*c) && ops::Def(*c).is_shard())
      CheckShard(*a, *c, lanes, lane_name);
  });
}

}  // namespace tilesplit::vector_split
