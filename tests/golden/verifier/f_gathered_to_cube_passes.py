import pypto.language as pl

# (f) a region value read on the cube side through a tile.aic_gather in the region.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        y = pl.exp(h)
        g = pl.aic_gather(y)
    left = pl.tile.move(g, target_memory=pl.Mem.Left)
    right = pl.tile.move(g, target_memory=pl.Mem.Right)
    c = pl.matmul(left, right)
    return pl.store(c, [0, 0], out_0)
