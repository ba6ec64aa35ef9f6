import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, type=pl.FunctionType.AIV)
def f():
    pass
