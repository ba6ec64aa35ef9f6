# scatter src rank: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], rows1: pl.Tile[[128], pl.FP32, pl.Mem.Vec], pos: pl.Tile[[8, 16], pl.INT32, pl.Mem.Vec]):
    y = pl.tile.scatter(a, rows1, pos)
    return y
