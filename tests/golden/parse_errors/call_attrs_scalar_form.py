import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(n: pl.Scalar[pl.INDEX]):
    x = pl.cast(n, pl.INT32, attrs={"k": 1})
