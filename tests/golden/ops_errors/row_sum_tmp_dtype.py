# row sum tmp dtype: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], h: pl.Tile[[64, 128], pl.FP16, pl.Mem.Vec]):
    y = pl.tile.row_sum(a, h)
    return y
