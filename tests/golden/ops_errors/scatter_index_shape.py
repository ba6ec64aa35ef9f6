# scatter index shape: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], rows: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec], pos8: pl.Tile[[8, 8], pl.INT32, pl.Mem.Vec]):
    y = pl.tile.scatter(a, rows, pos8)
    return y
