// The lane of a split program (lane.h).
#include "tilesplit/ops/lane.h"

#include <algorithm>

#include "tilesplit/ops/op_def.h"

namespace tilesplit::ops {

bool IsLaneIndexCall(const ir::Expr& e) {
  const ir::Call* c = e.As<ir::Call>();
  const OpDef* def = c ? RegisteredDef(*c) : nullptr;
  return def && def->is_lane_index();
}

bool ReadsLaneIndex(const ir::ExprPtr& e, const std::function<bool(const ir::Var&)>& lane_var) {
  if (!e) return false;
  switch (e->kind) {
    case ir::ExprKind::Var:
      return lane_var && lane_var(*e->As<ir::Var>());
    case ir::ExprKind::Binary: {
      const ir::Binary* b = e->As<ir::Binary>();
      return ReadsLaneIndex(b->lhs, lane_var) || ReadsLaneIndex(b->rhs, lane_var);
    }
    case ir::ExprKind::Unary:
      return ReadsLaneIndex(e->As<ir::Unary>()->operand, lane_var);
    case ir::ExprKind::Cast:
      return ReadsLaneIndex(e->As<ir::Cast>()->value, lane_var);
    case ir::ExprKind::Call: {
      if (IsLaneIndexCall(*e)) return true;
      for (const ir::ExprPtr& a : e->As<ir::Call>()->args)
        if (ReadsLaneIndex(a, lane_var)) return true;
      return false;
    }
    case ir::ExprKind::MakeTuple:
      for (const ir::ExprPtr& a : e->As<ir::MakeTuple>()->elements)
        if (ReadsLaneIndex(a, lane_var)) return true;
      return false;
    case ir::ExprKind::TupleGetItem:
      return ReadsLaneIndex(e->As<ir::TupleGetItem>()->tuple, lane_var);
    case ir::ExprKind::FunctionCall:
      for (const ir::ExprPtr& a : e->As<ir::FunctionCall>()->args)
        if (ReadsLaneIndex(a, lane_var)) return true;
      return false;
    default:
      return false;
  }
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
