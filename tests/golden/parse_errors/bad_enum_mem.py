import pypto.language as pl

@pl.function
def f(a: pl.Tile[[4, 4], pl.FP32, pl.Mem.Nowhere]):
    pass
