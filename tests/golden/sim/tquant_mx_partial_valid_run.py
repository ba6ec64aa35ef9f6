import pypto.language as pl

# MX quantisation of a source valid on [13, 48] of its [16, 64] box. A 32-element block that
# reaches outside the valid extent is undefined in both results: rows 13..15 entirely and columns
# 32..63 of rows 0..12, i.e. 3 * 64 + 13 * 32 = 608 values and 3 * 2 + 13 = 19 scales.
@pl.function(type=pl.FunctionType.InCore)
def q(x: pl.Tensor[[16, 64], pl.FP32], out_q: pl.Out[pl.Tensor[[16, 64], pl.FP8E4M3FN]],
      out_s: pl.Out[pl.Tensor[[16, 2], pl.FP8E8M0]]):
    t = pl.load(x, [0, 0], [16, 64], [13, 48], target_memory=pl.Mem.Vec)
    pair = pl.tile.tquant_mx(t)
    o = pl.store(pair[0], [0, 0], out_q)
    return pl.store(pair[1], [0, 0], out_s)
