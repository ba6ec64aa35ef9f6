import pypto.language as pl

# gather_compare under a row split: each lane compares its half of the rows, dst halves on dim 0
# and the one row of per-row counts halves on dim 1. About half of each row's 64 uniform inputs
# lie below 0, more than the 16 slots, so every dst slot is written and the counts exceed 16.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def gc(qk: pl.Tile[[32, 64], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[32, 16], pl.INT32]],
       out_1: pl.Out[pl.Tensor[[1, 32], pl.INT32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([32, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    pair = pl.tile.gather_compare(v, 0.0, tmp, cmp_mode=2, out_cols=16, offset=100)
    o0 = pl.store(pair[0], [0, 0], out_0)
    return pl.store(pair[1], [0, 0], out_1)
