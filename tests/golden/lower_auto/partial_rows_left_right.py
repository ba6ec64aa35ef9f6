import pypto.language as pl

# Partially valid boundary: ragged rows under LEFT_RIGHT (not the split axis) are shared by both
# lanes: supported, each lane keeps valid rows 13.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def pr(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[13, 128])],
       out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    return pl.store(popped, [0, 0], out_0)
