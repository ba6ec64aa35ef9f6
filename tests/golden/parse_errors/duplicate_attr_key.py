import pypto.language as pl

@pl.function(attrs={"split": 1, "split": 2})
def f():
    pass
