import pypto.language as pl

# Condition 2 asks OperandSplitInfo as well: an inline projection pair[0] that the split halved is
# a per-lane mask for tile.sel, not a full-width operand (no false rejection).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def proj(qk: pl.Tile[[128, 64], pl.FP32, pl.Mem.Acc], a: pl.Tensor[[128, 8], pl.FP32],
         out_0: pl.Out[pl.Tensor[[128, 8], pl.FP32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([128, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    pair = pl.tile.gather_compare(v, 0.5, tmp, cmp_mode=1, out_cols=8)
    x = pl.load(a, [0, 0], [128, 8], target_memory=pl.Mem.Vec)
    y = pl.neg(x)
    t2 = pl.tile.create([128, 8], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    picked = pl.tile.sel(pair[0], x, y, t2)
    return pl.store(picked, [0, 0], out_0)
