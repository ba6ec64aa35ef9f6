import pypto.language as pl

# A gather fed by a localized shard (15 of 16 rows: lanes of 8 and 7, whose bands abut) is typed
# with the pre-shard valid extent [15, 128]. With the gather there is no rebalancing.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def vc(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[15, 128])],
       b: pl.Tile[[128, 128], pl.FP32, pl.Mem.Right], out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.exp(popped)
    g = pl.tile.move(y, target_memory=pl.Mem.Mat)
    l = pl.tile.move(g, target_memory=pl.Mem.Left)
    c = pl.matmul(l, b)
    return pl.store(c, [0, 0], out_0)
