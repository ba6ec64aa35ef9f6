import pypto.language as pl

M = pl.dynamic("M")
M = pl.dynamic("M")

@pl.function
def f():
    pass
