import pypto.language as pl

@pl.function
def f(x: pl.Scalar[pl.INT32]) -> pl.Tile[[4, 4], pl.FP32]:
    return x
