import pypto.language as pl

# A load is an independent origin spanning the whole box: the balanced partition would not cover
# it, so the box partition (8 and 5) is kept and no lane_stride is stamped.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def ragged(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[13, 128])],
           bias: pl.Tensor[[16, 128], pl.FP32],
           out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    b = pl.load(bias, [0, 0], [16, 128], target_memory=pl.Mem.Vec)
    s = pl.add(popped, b)
    return pl.store(s, [0, 0], out_0)
