import pypto.language as pl

# A crossing with no valid row (valid 0 of 16): no stride balances an empty extent, so the box
# partition stays (each lane its own 8-row box, no lane_stride), both lanes hold 0 rows and the
# store of the empty tile is guarded. The bias rows are stored whole and compared by check.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def zero(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[0, 128])],
         bias: pl.Tensor[[16, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]],
         out_1: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.exp(popped)
    b = pl.load(bias, [0, 0], [16, 128], target_memory=pl.Mem.Vec)
    o = pl.store(y, [0, 0], out_0)
    o1 = pl.store(b, [0, 0], out_1)
    return o, o1
