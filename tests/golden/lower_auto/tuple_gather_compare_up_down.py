import pypto.language as pl

# gather_compare returns (dst [rows, out_cols], cdst [1, rows]): under a row split dst halves on
# dim 0 and cdst on dim 1, discovered by re-deduction; projections bound and inline.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def gc(qk: pl.Tile[[128, 64], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 8], pl.INT32]],
       out_1: pl.Out[pl.Tensor[[1, 128], pl.INT32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([128, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    pair = pl.tile.gather_compare(v, 0.5, tmp, cmp_mode=1, out_cols=8)
    dst = pair[0]
    o0 = pl.store(dst, [0, 0], out_0)
    return pl.store(pair[1], [0, 0], out_1)
