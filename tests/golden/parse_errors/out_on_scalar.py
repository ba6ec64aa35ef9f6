import pypto.language as pl

@pl.function
def f(x: pl.Out[pl.Scalar[pl.INT32]]):
    pass
