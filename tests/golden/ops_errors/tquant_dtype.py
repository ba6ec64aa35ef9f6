# tquant dtype: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(k: pl.Tile[[64, 128], pl.INT32, pl.Mem.Vec]):
    y = pl.tile.tquant_mx(k)
    return y
