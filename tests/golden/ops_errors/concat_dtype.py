# tile.concat of an FP32 and an FP16 tile: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], b: pl.Tile[[64, 128], pl.FP16, pl.Mem.Vec]):
    y = pl.concat(a, b)
    return y
