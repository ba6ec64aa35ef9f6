# scatter dst dtype: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(u8: pl.Tile[[64, 128], pl.UINT8, pl.Mem.Vec], rows: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec], pos: pl.Tile[[8, 16], pl.INT32, pl.Mem.Vec]):
    y = pl.tile.scatter(u8, rows, pos)
    return y
