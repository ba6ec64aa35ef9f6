import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(q: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[17, 16])]):
    return q
