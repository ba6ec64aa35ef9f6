# Communication between ranks (docs/pypto-ops-coverage.md): bulk transfers through Vec staging
# tiles, remote stores, the collectives. Typed and printed here; only the hardware runs them.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def transfers(
    dst: pld.DistributedTensor[[16, 64], pl.FP16],
    src: pld.DistributedTensor[[16, 64], pl.FP16],
    x: pl.Tensor[[16, 64], pl.FP16],
    peer: pl.Scalar[pl.INT32],
):
    pld.tensor.put(dst, peer=peer, src=src, atomic=pld.AtomicType.Add, chunk_rows=4, chunk_cols=32)
    pld.tensor.get(dst, peer, src, [3, 0], [1, 0], [1, 64], pipeline=True, chunk_rows=1, chunk_cols=32)
    pld.tensor.remote_store(x, dst, peer, [0, 0])
    stage = pl.tile.create([4, 32], dtype=pl.FP16, target_memory=pl.Mem.Vec)
    pong = pl.tile.create([4, 32], dtype=pl.FP16, target_memory=pl.Mem.Vec)
    pld.tile.put(dst, peer, src, stage, pong, atomic=pld.AtomicType.None_)
    pld.tile.get(dst, peer, src, stage, [0, 0], [0, 0], [4, 64])
    t = pl.load(x, [0, 0], [16, 64])
    pld.tile.remote_store(t, dst, peer, [0, 0], atomic=pld.AtomicType.Add)
    return


@pl.function(type=pl.FunctionType.InCore)
def collectives(
    data: pld.DistributedTensor[[2, 16], pl.FP32],
    local: pl.Tensor[[1, 16], pl.FP32],
    counts: pl.Tensor[[2, 1], pl.INT32],
    signal: pld.DistributedTensor[[2, 1], pl.INT32],
    recv: pld.DistributedTensor[[2, 1], pl.INT32],
) -> pld.DistributedTensor[[2, 16], pl.FP32]:
    signal = pld.tensor.barrier(signal)
    data = pld.tensor.allreduce(data, signal, op=pld.ReduceOp.Max, mode="ring")
    data = pld.tensor.broadcast(data, signal, root=1)
    data = pld.tensor.reduce_scatter(data, signal, op=pld.ReduceOp.Sum)
    data = pld.tensor.allgather(local, data, signal)
    data = pld.tensor.all_to_all(data, data, signal)
    data = pld.tensor.all_to_all_v(data, data, signal, counts, recv)
    return data
