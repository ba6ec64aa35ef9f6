// Memory order across the cores of a split program. The AIC and the two AIV lanes run at the same
// time and share global memory; nothing orders one core's tensor accesses against another's but
// the cross-core pipes. When two cores touch overlapping elements of one tensor and at least one
// of them writes, the sequential order of the kernel as written must still hold in the split
// program; a lowered function where it may not is rejected (docs/split-lowering.md, "Memory order
// across the cores").
#pragma once

#include "lane_facts.h"
#include "tilesplit/ir/function.h"

namespace tilesplit::vector_split {

// Throws a located UserError naming both accesses when two cores of the split program may touch
// overlapping elements of a tensor, one of them writing, with no pipe transfer between them
// that orders the two. `lowered` is a split_aiv function as LowerAutoVectorSplit produced it
// (AUTO or region path). Whether two lanes store the same data is asked of `facts`, the lane
// facts of `lowered` (computed here when null; the AUTO path hands over its admission's).
void CheckLaneMemoryOrder(const ir::Function& lowered, const LaneFacts* facts = nullptr);

}  // namespace tilesplit::vector_split
