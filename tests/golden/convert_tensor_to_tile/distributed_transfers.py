# Bulk transfers between ranks: pld.tensor.put / get become their tile ops with a Vec staging tile
# (the moved window flattened to [rows, cols], capped by chunk_rows / chunk_cols; two, ping and
# pong, under pipeline=True) created before them. put writes dst (Out), get writes dst too.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def put_whole(
    dst: pld.DistributedTensor[[16, 64], pl.FP16],
    src: pld.DistributedTensor[[16, 64], pl.FP16],
    peer: pl.Scalar[pl.INT32],
):
    pld.tensor.put(dst, peer=peer, src=src, atomic=pld.AtomicType.None_)


@pl.function(type=pl.FunctionType.InCore)
def put_pipelined(
    dst: pld.DistributedTensor[[16, 64], pl.FP16],
    src: pld.DistributedTensor[[16, 64], pl.FP16],
    peer: pl.Scalar[pl.INT32],
):
    pld.tensor.put(dst, peer=peer, src=src, chunk_rows=4, chunk_cols=32, pipeline=True)


@pl.function(type=pl.FunctionType.InCore)
def put_atomic_3d(
    dst: pld.DistributedTensor[[2, 8, 64], pl.FP32],
    src: pl.Tensor[[2, 8, 64], pl.FP32],
    peer: pl.Scalar[pl.INT32],
):
    pld.tensor.put(dst, peer, src, atomic=pld.AtomicType.Add, chunk_cols=32)


@pl.function(type=pl.FunctionType.InCore)
def get_window(
    dst: pl.Tensor[[16, 64], pl.FP16],
    src: pld.DistributedTensor[[8, 64], pl.FP16],
    peer: pl.Scalar[pl.INT32],
):
    pld.tensor.get(dst, peer=peer, src=src, dst_offsets=[3, 0], src_offsets=[1, 0], shape=[1, 64])
