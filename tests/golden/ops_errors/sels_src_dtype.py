# sels src dtype: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], bf: pl.Tile[[64, 128], pl.BF16, pl.Mem.Vec], mask: pl.Tile[[64, 16], pl.UINT8, pl.Mem.Vec]):
    y = pl.tile.sels(mask, bf, a, 0.0)
    return y
