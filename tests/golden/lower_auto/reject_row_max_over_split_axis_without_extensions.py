import pypto.language as pl

# partial_reduction_row_max_left_right with --split-extensions=off: the spec's refusal of a
# reduction on the split axis, unchanged.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def k(qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    x = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([16, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    m = pl.tile.row_max(x, tmp)
    y = pl.tile.row_expand_sub(x, m)
    o = pl.store(y, [0, 0], out)
    return o
