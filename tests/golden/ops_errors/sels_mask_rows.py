# sels mask rows: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], mshort: pl.Tile[[32, 16], pl.UINT8, pl.Mem.Vec]):
    y = pl.tile.sels(mshort, a, a, 0.0)
    return y
