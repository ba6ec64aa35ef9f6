# col expand mul with a two-row scale: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(t: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], scale: pl.Tile[[2, 128], pl.FP32, pl.Mem.Vec]):
    y = pl.tile.col_expand_mul(t, scale)
    return y
