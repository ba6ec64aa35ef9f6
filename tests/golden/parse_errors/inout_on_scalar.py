import pypto.language as pl

@pl.function
def f(x: pl.InOut[pl.Scalar[pl.INT32]]):
    pass
