# tquant rank: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(v1: pl.Tile[[128], pl.FP32, pl.Mem.Vec]):
    y = pl.tile.tquant_mx(v1)
    return y
