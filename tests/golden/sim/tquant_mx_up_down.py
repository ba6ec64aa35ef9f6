import pypto.language as pl

# MX quantisation under a row split: 32 rows halve to 16 (M % 16 still holds); both the values
# and the per-block scales halve on dim 0.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def q(qk: pl.Tile[[32, 64], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[32, 64], pl.FP8E4M3FN]],
      out_1: pl.Out[pl.Tensor[[32, 2], pl.FP8E8M0]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    pair = pl.tile.tquant_mx(v)
    o0 = pl.store(pair[0], [0, 0], out_0)
    return pl.store(pair[1], [0, 0], out_1)
