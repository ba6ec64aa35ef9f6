import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(tile_a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]):
    y = pl.add(tile_b, tile_a)
    return y
