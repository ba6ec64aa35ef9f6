# sels mask cols: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], mnarrow: pl.Tile[[64, 8], pl.UINT8, pl.Mem.Vec]):
    y = pl.tile.sels(mnarrow, a, a, 0.0)
    return y
