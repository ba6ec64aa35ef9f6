// Semantics of communication between ranks (distributed_ops.cpp): a located refusal, never a
// silent no-op. `run` and `check` refuse such a program before running it (ops/hardware_only.h);
// these stand for any other way of reaching the interpreter with one.
#include "sections.h"
#include "tilesplit/ops/hardware_only.h"
#include "tilesplit/semantics/semantics.h"

namespace tilesplit::ops {

void RegisterDistributedSemantics(SemanticsTable& t) {
  const SemanticsFn refuse = [](OpCall& c) -> Value { RefuseHardwareOnly(c.call); };
  for (OpHandle h :
       {op::pld_tensor_put, op::pld_tensor_get, op::pld_tile_put, op::pld_tile_get,
        op::pld_tensor_remote_store, op::pld_tile_remote_store, op::pld_tensor_allreduce,
        op::pld_tensor_barrier, op::pld_tensor_broadcast, op::pld_tensor_allgather,
        op::pld_tensor_all_to_all, op::pld_tensor_all_to_all_v, op::pld_tensor_reduce_scatter})
    t.Register(h, refuse);
}

}  // namespace tilesplit::ops
