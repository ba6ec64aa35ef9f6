# minimum promote: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], bo: pl.Tile[[64, 128], pl.BOOL, pl.Mem.Vec]):
    y = pl.minimum(bo, a)
    return y
