# sels tmp rank: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], v1: pl.Tile[[128], pl.FP32, pl.Mem.Vec], mask: pl.Tile[[64, 16], pl.UINT8, pl.Mem.Vec]):
    y = pl.tile.sels(mask, a, v1, 0.0)
    return y
