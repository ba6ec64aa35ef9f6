import pypto.language as pl

# --split-extensions=off (the spec): narrowed columns under LEFT_RIGHT are the split axis, no field
# carries a per-lane column extent: rejected (with the extensions: full_box_cols_left_right).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def pc(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[16, 100])],
       out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    return pl.store(popped, [0, 0], out_0)
