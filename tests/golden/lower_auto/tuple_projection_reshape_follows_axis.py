import pypto.language as pl

# An inline projection is a partitioned operand for tile.reshape too: the [1, 128] count row
# pair[1] (halved on dim 1) reshapes to a [64, 1] column, following the split axis to dim 0,
# instead of being viewed at full width and sliced again.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def proj(qk: pl.Tile[[128, 64], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 1], pl.INT32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([128, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    pair = pl.tile.gather_compare(v, 0.5, tmp, cmp_mode=1, out_cols=8)
    col = pl.tile.reshape(pair[1], [128, 1])
    return pl.store(col, [0, 0], out_0)
