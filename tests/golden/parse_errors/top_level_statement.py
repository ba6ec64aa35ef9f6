import pypto.language as pl

@pl.function
def f():
    pass

print(1)
