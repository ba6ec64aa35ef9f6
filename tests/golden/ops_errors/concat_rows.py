# tile.concat of tiles with different row counts: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], b: pl.Tile[[32, 128], pl.FP32, pl.Mem.Vec]):
    y = pl.tile.concat(a, b)
    return y
