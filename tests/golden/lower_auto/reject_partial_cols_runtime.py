import pypto.language as pl

# Partially valid boundary: a runtime column extent has no carrier (the reshape across the
# boundary takes no operands): rejected.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def pc(n: pl.Scalar[pl.INDEX], qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[16, n])],
       out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    return pl.store(popped, [0, 0], out_0)
