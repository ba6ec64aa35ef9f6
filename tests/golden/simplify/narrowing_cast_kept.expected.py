import pypto.language as pl

@pl.function
def main(a: pl.Scalar[pl.INT32]) -> pl.Scalar[pl.INT32]:
    c: pl.Scalar[pl.INT8] = pl.cast(300, pl.INT8)
    e: pl.Scalar[pl.INT32] = pl.const(2147483647, pl.INT32) + pl.const(1, pl.INT32)
    f: pl.Scalar[pl.INT32] = pl.cast(c, pl.INT32) + pl.const(100, pl.INT32) + e
    return f + a
