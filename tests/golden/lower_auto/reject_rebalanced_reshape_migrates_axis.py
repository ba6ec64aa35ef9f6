import pypto.language as pl

# A rebalanced body (13 of 16 rows, lane_stride=7) cannot carry a reshape that migrates the
# split axis: the migrated axis would carry its own half.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def ragged(qk: pl.Tile[[16, 1], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[13, 1])],
           out_0: pl.Out[pl.Tensor[[1, 16], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    row = pl.tile.reshape(popped, [1, 16])
    return pl.store(row, [0, 0], out_0)
