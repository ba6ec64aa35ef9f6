// Memory order across the cores of a split program. The AIC and the two AIV lanes run at the same
// time and share global memory; nothing orders one core's tensor accesses against another's but
// the cross-core pipes. When two cores touch overlapping elements of one tensor and at least one
// of them writes, the sequential order of the kernel as written must still hold in the split
// program; a lowered function where it may not is rejected (docs/split-lowering.md, "Memory order
// across the cores").
#pragma once

#include "lane_facts.h"
#include "tilesplit/ir/error.h"
#include "tilesplit/ir/function.h"

namespace tilesplit::vector_split {

// Throws a located UserError naming both accesses when two cores of the split program may touch
// overlapping elements of a tensor, one of them writing, with no pipe transfer between them
// that orders the two. `lowered` is a split_aiv function as LowerAutoVectorSplit produced it
// (AUTO or region path). Whether two lanes store the same data is asked of `facts`, the lane
// facts of `lowered` (the pass context's; the AUTO path hands over those its admission walked).
// The LaneMemoryOrdered property's verifier is this check on every such function.
void CheckLaneMemoryOrder(const ir::Function& lowered, const LaneFacts& facts);

// The rejection CheckLaneMemoryOrder throws, with the two accesses it names: `first` (earlier in
// program order) on core `first_core` and `second` on `second_core` (0: the AIC, 1 and 2: the
// lanes), so that a split extension can order them (OrderByTransfer).
class MemoryDisorder : public ir::UserError {
 public:
  MemoryDisorder(const ir::UserError& e, const ir::Stmt* first, int first_core,
                 const ir::Stmt* second, int second_core)
      : ir::UserError(e),
        first(first),
        second(second),
        first_core(first_core),
        second_core(second_core) {}
  const ir::Stmt* first;
  const ir::Stmt* second;
  int first_core, second_core;
};

// The split extension for a MemoryDisorder (memory_order_transfer.cpp): `lowered` with a
// transfer of a small token inserted right before the statement holding `d.second`, in the
// statement list that also holds `d.first` before it, so that the pipes order the two cores as
// the kernel's sequential order does (a cube->vector shard when the cube goes first, a
// vector->cube gather when a lane does, both when one lane waits for the other). Null when the
// two accesses share no such list (one is inside a loop the other follows in, across
// iterations).
ir::FunctionPtr OrderByTransfer(const ir::FunctionPtr& lowered, const MemoryDisorder& d);

}  // namespace tilesplit::vector_split
