import pypto.language as pl

# Inline tuple projections (never bound) reach every operand consumer through one question: a
# slice of pair[0] keeps its window (the element is already per-lane), pair[0] crosses back to
# the cube (a legal V->C move, gathered on the element's own axis), and a store of pair[0] is
# localized.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def proj(qk: pl.Tile[[128, 64], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 8], pl.INT32]],
         out_1: pl.Out[pl.Tensor[[128, 4], pl.INT32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([128, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    pair = pl.tile.gather_compare(v, 0.5, tmp, cmp_mode=1, out_cols=8)
    part = pl.tile.slice(pair[0], [128, 4], [0, 4])
    o1 = pl.store(part, [0, 0], out_1)
    m = pl.tile.move(pair[0], target_memory=pl.Mem.Mat)
    return pl.store(pair[0], [0, 0], out_0)
