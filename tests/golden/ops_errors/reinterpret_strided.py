# reinterpret strided: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(st: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec, pl.TileView(stride=[256, 1])]):
    y = pl.tile.reinterpret_view(st, dtype=pl.INT32)
    return y
