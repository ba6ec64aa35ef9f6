# slice does not fit: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec]):
    y = pl.tile.slice(a, [32, 128], [48, 0])
    return y
