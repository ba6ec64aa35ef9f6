# reinterpret not flat: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(mat: pl.Tile[[64, 64], pl.FP16, pl.Mem.Mat]):
    y = pl.tile.reinterpret_view(mat, dtype=pl.INT16)
    return y
