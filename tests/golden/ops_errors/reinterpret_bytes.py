# reinterpret bytes: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec]):
    y = pl.tile.reinterpret_view(a, [64, 64], dtype=pl.FP32)
    return y
