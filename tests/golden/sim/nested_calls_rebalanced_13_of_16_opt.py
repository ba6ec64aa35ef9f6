import pypto.language as pl

# The spec's 13-of-16 crossing consumed through nested calls only: the partition is rebalanced
# (lane_stride=7) exactly as for the named form.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def nested(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[13, 128])], out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    x = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    return pl.store(pl.exp(pl.add(x, x)), [0, 0], out_0)
