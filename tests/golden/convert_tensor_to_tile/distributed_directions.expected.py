import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def collectives(data: pl.InOut[pld.DistributedTensor[[2, 16], pl.FP32]], local: pl.Tensor[[1, 16], pl.FP32], counts: pl.Tensor[[2, 1], pl.INT32], signal: pl.InOut[pld.DistributedTensor[[2, 1], pl.INT32]], recv: pl.InOut[pld.DistributedTensor[[2, 1], pl.INT32]]) -> pld.DistributedTensor[[2, 16], pl.FP32]:
    data_1: pld.DistributedTensor[[2, 16], pl.FP32] = pld.tensor.allreduce(data, signal, op=0)
    data_2: pld.DistributedTensor[[2, 16], pl.FP32] = pld.tensor.allgather(local, data_1, signal)
    data_3: pld.DistributedTensor[[2, 16], pl.FP32] = pld.tensor.all_to_all_v(data_2, data_2, signal, counts, recv)
    return data_3

@pl.function(type=pl.FunctionType.InCore)
def barrier_then_broadcast(data: pl.InOut[pld.DistributedTensor[[1, 16], pl.FP32]], signal: pl.InOut[pld.DistributedTensor[[2, 1], pl.INT32]]) -> pld.DistributedTensor[[1, 16], pl.FP32]:
    signal_1: pld.DistributedTensor[[2, 1], pl.INT32] = pld.tensor.barrier(signal)
    data_1: pld.DistributedTensor[[1, 16], pl.FP32] = pld.tensor.broadcast(data, signal_1, root=0)
    data_2: pld.DistributedTensor[[1, 16], pl.FP32] = pld.tensor.reduce_scatter(data_1, signal_1)
    return data_2

@pl.function(type=pl.FunctionType.InCore)
def signals(set_slot: pl.Out[pld.DistributedTensor[[2, 1], pl.INT32]], add_slot: pl.InOut[pld.DistributedTensor[[2, 1], pl.INT32]], workspace: pl.InOut[pl.Tensor[[16], pl.INT32]], peer: pl.Scalar[pl.INT32]):
    pld.system.notify(set_slot, peer, [0, 0], 1, op=1)
    pld.system.notify(add_slot, peer, [1, 0], 1, op=0)
    pl.system.syncall(workspace, core_type="aiv_only", mode="soft")
    return
