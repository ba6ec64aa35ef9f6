import pypto.language as pl

M = pl.dynamic("K")

@pl.function
def f():
    pass
