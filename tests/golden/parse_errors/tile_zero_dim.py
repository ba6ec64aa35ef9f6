import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(q: pl.Tile[[16, 0], pl.FP32, pl.Mem.Vec]):
    return q
