import pypto.language as pl

# (c) a boundary op outside every region of a function that opens regions.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    h = pl.tile.aiv_shard(acc, split=1)
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        y = pl.exp(h)
        o = pl.store(y, [aiv_id * 64, 0], out_0)
    return o
