import pypto.language as pl

# An explicit region over 127 of 128 valid rows gathered back to the cube: the lanes hand over
# their full half boxes (64 and 64, which abut) and the gather keeps its variable and type, so
# the later cube uses still name it (defect 23).
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[128, 64], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[127, 64])],
      b: pl.Tensor[[64, 32], pl.FP32], out_0: pl.Out[pl.Tensor[[128, 32], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        y = pl.exp(h)
        g = pl.aic_gather(y)
    left = pl.tile.move(g, target_memory=pl.Mem.Left)
    bm = pl.load(b, [0, 0], [64, 32], target_memory=pl.Mem.Mat)
    right = pl.tile.move(bm, target_memory=pl.Mem.Right)
    c = pl.matmul(left, right)
    return pl.store(c, [0, 0], out_0)
