import pypto.language as pl


@pl.function
def broken(x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    y = x +
    return y
