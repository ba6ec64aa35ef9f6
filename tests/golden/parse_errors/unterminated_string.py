import pypto.language as pl

@pl.function(attrs={"k: 1})
def f():
    pass
