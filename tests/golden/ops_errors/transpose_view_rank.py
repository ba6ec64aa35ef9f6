# transpose view rank: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(v1: pl.Tile[[128], pl.FP32, pl.Mem.Vec]):
    y = pl.tile.transpose_view(v1)
    return y
