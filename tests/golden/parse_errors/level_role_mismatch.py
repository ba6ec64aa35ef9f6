import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, level=pl.Level.AIC)
def f():
    pass
