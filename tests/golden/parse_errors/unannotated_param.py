import pypto.language as pl

@pl.function
def f(x):
    pass
