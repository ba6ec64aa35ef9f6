import pypto.language as pl

@pl.function(attrs={"k": 1})
def f():
    pl.func_attr({"k": 2})
    pass
