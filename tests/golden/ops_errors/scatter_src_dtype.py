# scatter src dtype: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], rowsh: pl.Tile[[8, 16], pl.FP16, pl.Mem.Vec], pos: pl.Tile[[8, 16], pl.INT32, pl.Mem.Vec]):
    y = pl.tile.scatter(a, rowsh, pos)
    return y
