# reinterpret scale: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(c3: pl.Tile[[64, 3], pl.FP16, pl.Mem.Vec]):
    y = pl.tile.reinterpret_view(c3, dtype=pl.FP32)
    return y
