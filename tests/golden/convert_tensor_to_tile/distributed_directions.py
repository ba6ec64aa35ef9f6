# The collectives stay one call (PyPTO lowers them after this pass) and make every window they
# touch InOut; a local source and all_to_all_v's send counts stay In. A notify that sets its slot
# makes the signal Out, one that adds to it InOut; a soft syncall reads and writes its workspace.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def collectives(
    data: pld.DistributedTensor[[2, 16], pl.FP32],
    local: pl.Tensor[[1, 16], pl.FP32],
    counts: pl.Tensor[[2, 1], pl.INT32],
    signal: pld.DistributedTensor[[2, 1], pl.INT32],
    recv: pld.DistributedTensor[[2, 1], pl.INT32],
) -> pld.DistributedTensor[[2, 16], pl.FP32]:
    data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Sum)
    data = pld.tensor.allgather(local, data, signal)
    data = pld.tensor.all_to_all_v(data, data, signal, counts, recv)
    return data


@pl.function(type=pl.FunctionType.InCore)
def barrier_then_broadcast(
    data: pld.DistributedTensor[[1, 16], pl.FP32],
    signal: pld.DistributedTensor[[2, 1], pl.INT32],
) -> pld.DistributedTensor[[1, 16], pl.FP32]:
    signal = pld.tensor.barrier(signal)
    data = pld.tensor.broadcast(data, signal, root=0)
    data = pld.tensor.reduce_scatter(data, signal)
    return data


@pl.function(type=pl.FunctionType.InCore)
def signals(
    set_slot: pld.DistributedTensor[[2, 1], pl.INT32],
    add_slot: pld.DistributedTensor[[2, 1], pl.INT32],
    workspace: pl.Tensor[[16], pl.INT32],
    peer: pl.Scalar[pl.INT32],
):
    pld.system.notify(set_slot, peer, [0, 0], 1, op=pld.NotifyOp.Set)
    pld.system.notify(add_slot, peer, [1, 0], 1, op=pld.NotifyOp.AtomicAdd)
    pl.system.syncall(mode="soft", core_type="aiv_only", gm_workspace=workspace)
