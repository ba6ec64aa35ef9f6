# scatter index width: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], rows: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec], pos16: pl.Tile[[8, 16], pl.INT16, pl.Mem.Vec]):
    y = pl.tile.scatter(a, rows, pos16)
    return y
