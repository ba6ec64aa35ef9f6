import pypto.language as pl

@pl.function
def f(x: pl.Tile[[4], pl.FP32, pl.Mem.ScalarLocal]):
    pass
