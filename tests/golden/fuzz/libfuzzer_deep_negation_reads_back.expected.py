import pypto.language as pl

@pl.function
def f(n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    y: pl.Scalar[pl.INDEX] = - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -n
    return y
