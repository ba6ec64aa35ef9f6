// The lane of a split program (lane.h).
#include "tilesplit/ops/lane.h"

#include <algorithm>

#include "tilesplit/ir/visitor.h"
#include "tilesplit/ops/op_def.h"

namespace tilesplit::ops {

bool IsLaneIndexCall(const ir::Expr& e) {
  const ir::Call* c = e.As<ir::Call>();
  const OpDef* def = c ? RegisteredDef(*c) : nullptr;
  return def && def->is_lane_index();
}

bool ReadsLaneIndex(const ir::ExprPtr& e, const std::function<bool(const ir::Var&)>& lane_var) {
  return ir::AnyExpr(e, [&](const ir::Expr& x) {
    if (const ir::Var* v = x.As<ir::Var>()) return lane_var && lane_var(*v);
    return IsLaneIndexCall(x);
  });
}

bool BodyReadsLaneIndex(const ir::StmtPtr& body) {
  struct Finder : ir::IRVisitor {
    bool found = false;
    void VisitCall(const ir::Call& c) override {
      found = found || IsLaneIndexCall(c);
      if (!found) ir::IRVisitor::VisitCall(c);
    }
  } finder;
  if (body) finder.VisitStmt(body);
  return finder.found;
}

int64_t LaneShare(int64_t valid, int64_t stride, int64_t lane) {
  return std::clamp<int64_t>(valid - lane * stride, 0, stride);
}

int64_t LaneHalf(int64_t n) {
  return (n + 1) / 2;
}

ir::ExprPtr LaneShareExpr(const ir::ExprPtr& lane, const ir::ExprPtr& valid,
                          const ir::ExprPtr& stride) {
  ir::ExprPtr ls = ir::Mul(lane, stride);
  return ir::Min(ir::Sub(ir::Max(valid, ls), ls), stride);
}

}  // namespace tilesplit::ops
