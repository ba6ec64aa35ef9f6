import pypto.language as pl

# 13 of 16 rows with a gather back: the gather rules out rebalancing, so the box partition gives
# lanes of 8 and 5 rows, which no split code can place: the crossing transports the full box
# (lanes 8 and 8) and narrows each lane after the pop; the gather hands over full half boxes and
# narrows to 13 rows on the cube side.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def vc(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[13, 128])],
       b: pl.Tile[[128, 128], pl.FP32, pl.Mem.Right], out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.exp(popped)
    g = pl.tile.move(y, target_memory=pl.Mem.Mat)
    l = pl.tile.move(g, target_memory=pl.Mem.Left)
    c = pl.matmul(l, b)
    return pl.store(c, [0, 0], out_0)
