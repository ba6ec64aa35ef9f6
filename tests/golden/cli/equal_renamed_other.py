import pypto.language as pl


@pl.function
def g(p: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    q = p * 2
    return q + 1
