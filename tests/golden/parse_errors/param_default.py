import pypto.language as pl

@pl.function
def f(x: pl.Scalar[pl.INT32] = 3):
    pass
