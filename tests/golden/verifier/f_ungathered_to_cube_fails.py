import pypto.language as pl

# (f) a region value moved to the cube side without tile.aic_gather.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        y = pl.exp(h)
    m = pl.tile.move(y, target_memory=pl.Mem.Mat)
    return pl.store(y, [aiv_id * 64, 0], out_0)
