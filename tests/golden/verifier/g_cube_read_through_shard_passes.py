import pypto.language as pl

# (g) the same read named as a crossing (split=0 in a NONE region).
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
        v = pl.aiv_shard(acc)
        o = pl.store(v, [0, 0], out_0)
    return o
