# div mixed dtype: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], k: pl.Tile[[64, 128], pl.INT32, pl.Mem.Vec]):
    y = pl.tile.div(a, k)
    return y
