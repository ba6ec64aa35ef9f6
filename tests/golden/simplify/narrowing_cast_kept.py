# A constant is folded only when its value fits the result's dtype: pl.cast(300, pl.INT8) wraps at
# run time, so it stays a cast and nothing built on it folds; an INT32 sum past 2**31 - 1 stays too.
import pypto.language as pl


@pl.function
def main(a: pl.Scalar[pl.INT32]) -> pl.Scalar[pl.INT32]:
    c: pl.Scalar[pl.INT8] = pl.cast(300, pl.INT8)
    d: pl.Scalar[pl.INT8] = pl.cast(100, pl.INT8)
    big: pl.Scalar[pl.INT32] = pl.cast(2147483647, pl.INT32)
    e: pl.Scalar[pl.INT32] = big + pl.cast(1, pl.INT32)
    f: pl.Scalar[pl.INT32] = pl.cast(c, pl.INT32) + pl.cast(d, pl.INT32) + e
    return f + a
