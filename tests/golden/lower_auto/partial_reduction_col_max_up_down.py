import pypto.language as pl

# A split extension (reject_col_max_over_split_axis_up_down with --split-extensions=off is the
# spec's refusal): the column max of the split axis, from the lanes' partials combined in order.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def cm(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[1, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    m = pl.tile.col_max(popped)
    return pl.store(m, [0, 0], out_0)
