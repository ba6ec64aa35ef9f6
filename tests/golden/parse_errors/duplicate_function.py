import pypto.language as pl

@pl.function
def f():
    pass

@pl.function
def f():
    pass
