import pypto.language as pl

# (d) tile.aic_gather is the vector->cube crossing (Vec in, Mat out): gathering a cube tile fails.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        g = pl.tile.aic_gather(acc, split=1)
    return pl.store(acc, [0, 0], out_0)
