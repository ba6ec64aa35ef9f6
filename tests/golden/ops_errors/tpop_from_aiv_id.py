# tpop from aiv id: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec]):
    y: pl.Tile[[16, 128], pl.FP32, pl.Mem.Mat] = pl.tile.tpop_from_aiv(split=1, id=-2)
    return y
