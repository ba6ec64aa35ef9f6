import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def put_whole(dst: pl.Out[pld.DistributedTensor[[16, 64], pl.FP16]], src: pld.DistributedTensor[[16, 64], pl.FP16], peer: pl.Scalar[pl.INT32]):
    tput_stage: pl.Tile[[16, 64], pl.FP16, pl.Mem.Vec] = pl.tile.create([16, 64], dtype=pl.FP16, target_memory=pl.Mem.Vec)
    pld.tile.put(dst, peer, src, tput_stage)
    return

@pl.function(type=pl.FunctionType.InCore)
def put_pipelined(dst: pl.Out[pld.DistributedTensor[[16, 64], pl.FP16]], src: pld.DistributedTensor[[16, 64], pl.FP16], peer: pl.Scalar[pl.INT32]):
    tput_stage_ping: pl.Tile[[4, 32], pl.FP16, pl.Mem.Vec] = pl.tile.create([4, 32], dtype=pl.FP16, target_memory=pl.Mem.Vec)
    tput_stage_pong: pl.Tile[[4, 32], pl.FP16, pl.Mem.Vec] = pl.tile.create([4, 32], dtype=pl.FP16, target_memory=pl.Mem.Vec)
    pld.tile.put(dst, peer, src, tput_stage_ping, tput_stage_pong)
    return

@pl.function(type=pl.FunctionType.InCore)
def put_atomic_3d(dst: pl.InOut[pld.DistributedTensor[[2, 8, 64], pl.FP32]], src: pl.Tensor[[2, 8, 64], pl.FP32], peer: pl.Scalar[pl.INT32]):
    tput_stage: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec] = pl.tile.create([16, 32], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    pld.tile.put(dst, peer, src, tput_stage, atomic=1)
    return

@pl.function(type=pl.FunctionType.InCore)
def get_window(dst: pl.Out[pl.Tensor[[16, 64], pl.FP16]], src: pld.DistributedTensor[[8, 64], pl.FP16], peer: pl.Scalar[pl.INT32]):
    tget_stage: pl.Tile[[1, 64], pl.FP16, pl.Mem.Vec] = pl.tile.create([1, 64], dtype=pl.FP16, target_memory=pl.Mem.Vec)
    pld.tile.get(dst, peer, src, tget_stage, [3, 0], [1, 0], [1, 64])
    return
