import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]):
    y = pl.tile.ad(a, a)
    return y
