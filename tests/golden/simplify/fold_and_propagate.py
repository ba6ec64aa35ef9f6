# Scalar constants assigned once stand for their value in every later use, shapes included;
# arithmetic, comparisons and logic over known operands fold, integer identities (x + 0, x * 1,
# x // 1, x - x, min(x, x)) simplify, and the scalar bindings left unused are removed.
import pypto.language as pl


@pl.function
def main(x: pl.Tensor[[64, 128], pl.FP32], k: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 128], pl.FP32]:
    rows: pl.Scalar[pl.INDEX] = 16
    half: pl.Scalar[pl.INDEX] = rows // 2
    same: pl.Scalar[pl.INDEX] = k + 0
    scaled: pl.Scalar[pl.INDEX] = same * 1 + (k - k)
    small: pl.Scalar[pl.BOOL] = half < 10
    flag: pl.Scalar[pl.BOOL] = small and (k > 3)
    off: pl.Scalar[pl.INDEX] = pl.min(scaled, scaled) // 1
    t = pl.slice(x, [rows, 128], [off, 0])
    u = t
    if flag:
        u = pl.muls(t, 2.0)
    return u
