import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], t: pl.Tensor[[64, 128], pl.FP32]):
    x = pl.const(2, pl.BOOL)
