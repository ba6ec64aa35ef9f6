import pypto.language as pl

@pl.function
def f(x: pl.INT64):
    pass
