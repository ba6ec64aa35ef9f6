// What the two lowerings of a crossing share: the halving's (BoundaryHalving, which builds the
// shard and gather of a crossing it finds) and the region repair's (BoundaryExtents, which gives
// an author's shard and gather their per-lane extents). The lane's extent of a crossing and the
// two crossings no split code can carry are decided here once, so both lowerings agree.
#pragma once

#include <cstdint>
#include <string>

#include "rewrite_util.h"

namespace tilesplit::vector_split {

// Lane `lane`'s share of `valid` cells under `stride` (ops::LaneShareExpr), folded to a constant
// when both lanes hold the same number of cells.
ExprPtr LaneExtent(const ExprPtr& lane, const ExprPtr& valid, const ExprPtr& stride);

// A shard whose box on the split axis is a runtime value: where lane 1's band starts depends on
// the box being odd or even, and no split code places it for every value. `what` names the
// crossing; `prefix` is the pass's prefix of its messages, if it has one.
[[noreturn]] void RejectRuntimeShardBox(ir::Span span, const std::string& prefix,
                                        const std::string& what, int axis, const ExprPtr& box);

// A gather of lanes that each hold `valid` of their `half` cells on `axis` (0 < valid < half):
// lane 1 lands at the half box, so the two bands would leave a hole.
[[noreturn]] void RejectUnabuttedGather(ir::Span span, const std::string& prefix,
                                        const std::string& what, int axis, int64_t valid,
                                        int64_t half);

}  // namespace tilesplit::vector_split
