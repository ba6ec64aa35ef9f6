# Scalar expressions: precedence, unary minus, folding, promotion casts, pl.const/min/max/cast,
# comparisons and boolean operators, hex and separated literals.
import pypto.language as pl

@pl.function
def exprs(i: pl.Scalar[pl.INDEX], j: pl.Scalar[pl.INT32], x: pl.Scalar[pl.FP32],
          h: pl.Scalar[pl.FP16]):
    a = i + 2 * 3 - (i - 1)
    b = -i // 4 % 3
    c = pl.min(pl.max(13, i * 7) - i * 7, 7)
    d = j + pl.const(1, pl.INT8)
    e = x / 2.0 + 1e-3 * .5
    f = pl.cast(i, pl.FP32) * x
    g = (i < 3) and (j > pl.const(0, pl.INT32))
    k = not (a >= b) or c <= 0 and g
    m = 0x10 + 1_000 + pl.const(-5, pl.INT64)
    n = h + pl.const(2.5, pl.FP16)
    p = pl.const(3, pl.FP32)
    q: pl.Scalar[pl.INT16] = 7
    r = -(i + 1)
    return a, b, c, d, e, f, k, m, n, p, q, r
