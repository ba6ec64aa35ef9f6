import pypto.language as pl

# Lane l lands at l * half: a partial extent both lanes share leaves a hole in the join.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        p = pl.set_validshape(h, 5, 128)
        g = pl.aic_gather(p)
    return out_0
