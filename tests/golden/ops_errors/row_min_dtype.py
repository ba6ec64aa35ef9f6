# row min dtype: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(u8: pl.Tile[[64, 128], pl.UINT8, pl.Mem.Vec]):
    y = pl.tile.row_min(u8, u8)
    return y
