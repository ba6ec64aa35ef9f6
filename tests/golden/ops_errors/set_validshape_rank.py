# set validshape rank: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(v1: pl.Tile[[128], pl.FP32, pl.Mem.Vec]):
    y = pl.tile.set_validshape(v1, 1, 1)
    return y
