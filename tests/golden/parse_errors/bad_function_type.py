import pypto.language as pl

@pl.function(type=pl.FunctionType.Kernel)
def f():
    pass
