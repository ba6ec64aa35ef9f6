// The lane of a split program, one definition each: which call is the lane index (the operator
// carrying the lane_index trait), whether an expression reads the lane, and the per-lane extent
// formula. The split pass, its verifiers, `explain` and the boundary deducers ask here.
#pragma once

#include <cstdint>
#include <functional>

#include "tilesplit/ir/expr.h"
#include "tilesplit/ir/stmt.h"

namespace tilesplit::ops {

// Whether `e` is a call of the lane-index operator (`tile.get_subblock_idx`).
bool IsLaneIndexCall(const ir::Expr& e);
inline bool IsLaneIndexCall(const ir::ExprPtr& e) {
  return e && IsLaneIndexCall(*e);
}

// Whether `e` reads the lane index: it holds a lane-index call, or a variable `lane_var`
// says carries the lane (null: no variable does), in its operands, arguments or tuple elements.
// Types are not looked into: an extent that depends on the lane came from an operand.
bool ReadsLaneIndex(const ir::ExprPtr& e,
                    const std::function<bool(const ir::Var&)>& lane_var = nullptr);
// Whether any expression of `body` (a statement's value, a condition, a loop bound or carried
// value, at any depth, in scopes and regions too) calls the lane index: a body that says what
// each lane does.
bool BodyReadsLaneIndex(const ir::StmtPtr& body);

// The per-lane extent formula: lane L of V valid cells under lane stride S holds
// clamp(V - L*S, 0, S). LaneShare is its value; LaneShareExpr writes it for a lane, valid extent
// or stride known only at run time as min(max(V, L*S) - L*S, S) (no negative intermediate; the
// form the split program prints and CheckFlatShardExtents proves by structure).
int64_t LaneShare(int64_t valid, int64_t stride, int64_t lane);
// ceil(N / 2), a lane's half of N cells: the per-lane box of a split axis of box N with no
// lane_stride (the stride lane 1 starts at, ops.md 5.4), and the balanced stride of N valid cells.
int64_t LaneHalf(int64_t n);
ir::ExprPtr LaneShareExpr(const ir::ExprPtr& lane, const ir::ExprPtr& valid,
                          const ir::ExprPtr& stride);

}  // namespace tilesplit::ops
