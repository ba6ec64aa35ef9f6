import pypto.language as pl

@pl.function(kind=pl.FunctionType.AIC)
def f():
    pass
