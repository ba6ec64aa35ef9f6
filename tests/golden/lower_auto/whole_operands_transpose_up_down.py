import pypto.language as pl

# A split extension (reject_transpose_swaps_split_axis is the spec's refusal): a transpose moves
# the rows UP_DOWN halves onto the columns. Both lanes transpose the whole tile and keep their
# band of rows of the result.

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def t(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    tt = pl.tile.transpose(v, 0, 1)
    return pl.store(tt, [0, 0], out_0)
