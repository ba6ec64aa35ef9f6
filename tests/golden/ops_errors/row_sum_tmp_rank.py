# row sum tmp rank: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], v1: pl.Tile[[128], pl.FP32, pl.Mem.Vec]):
    y = pl.tile.row_sum(a, v1)
    return y
