import pypto.language as pl

# A split extension (reject_partial_rows_and_cols_up_down, run with --split-extensions=off, is the
# spec's refusal): the balanced lanes place, but no shard carries the narrowed columns, so the
# full box crosses and each lane narrows its pop right after it.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def pc(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[13, 100])],
       out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    return pl.store(popped, [0, 0], out_0)
