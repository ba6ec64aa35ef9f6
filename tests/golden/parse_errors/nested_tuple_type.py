import pypto.language as pl

@pl.function
def f(p: pl.Tuple[pl.Tuple[pl.Scalar[pl.INT32]]]):
    pass
