import pypto.language as pl


@pl.function
def g(a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    b = a * 2
    return b + 1
