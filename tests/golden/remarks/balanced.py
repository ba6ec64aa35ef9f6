import pypto.language as pl

# The spec's 13-of-16 example: the balanced partition ceil(13/2) = 7 gives lanes 7 and 6.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def ragged(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[13, 128])],
           out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    popped: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[13, 128])] = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    out_store = pl.tile.store(popped, [0, 0], out_0)
    return out_store
