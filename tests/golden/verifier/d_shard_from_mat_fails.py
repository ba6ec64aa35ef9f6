import pypto.language as pl

# (d) tile.aiv_shard needs the Acc result of a matmul, not a Mat tile.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(m: pl.Tile[[128, 128], pl.FP32, pl.Mem.Mat], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(m)
        o = pl.store(h, [aiv_id * 64, 0], out_0)
    return o
