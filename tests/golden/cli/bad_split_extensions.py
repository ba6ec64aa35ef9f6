import pypto.language as pl


@pl.function
def h(a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    return a
