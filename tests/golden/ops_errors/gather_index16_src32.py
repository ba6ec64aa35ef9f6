# gather index16 src32: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], i16: pl.Tile[[64, 128], pl.INT16, pl.Mem.Vec]):
    y = pl.tile.gather(a, i16, a)
    return y
