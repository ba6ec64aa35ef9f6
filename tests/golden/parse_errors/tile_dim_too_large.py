import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(q: pl.Tile[[2147483648, 128], pl.FP32, pl.Mem.Acc]):
    return q
