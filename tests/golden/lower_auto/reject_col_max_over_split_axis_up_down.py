import pypto.language as pl

# --split-extensions=off (the spec): a column reduction reduces axis 0, the split axis, so each
# lane would hold a partial maximum (with the extensions: partial_reduction_col_max_up_down).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def cm(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[1, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    m = pl.tile.col_max(popped)
    return pl.store(m, [0, 0], out_0)
