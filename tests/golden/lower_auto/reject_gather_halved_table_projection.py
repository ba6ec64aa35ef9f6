import pypto.language as pl

# The absolute-index gate asks OperandSplitInfo too: an inline projection pair[0] that the split
# halved is a halved gather table, rejected like a bound one.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def proj(qk: pl.Tile[[128, 64], pl.FP32, pl.Mem.Acc], idx: pl.Tile[[128, 8], pl.INT32, pl.Mem.Vec],
         out_0: pl.Out[pl.Tensor[[128, 8], pl.INT32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([128, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    pair = pl.tile.gather_compare(v, 0.5, tmp, cmp_mode=1, out_cols=8)
    t2 = pl.tile.create([128, 8], dtype=pl.INT32, target_memory=pl.Mem.Vec)
    picked = pl.tile.gather(pair[0], idx, t2)
    return pl.store(picked, [0, 0], out_0)
