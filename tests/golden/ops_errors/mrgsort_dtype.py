# mrgsort dtype: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(k1: pl.Tile[[128], pl.INT32, pl.Mem.Vec]):
    y = pl.tile.mrgsort_format2(k1, k1, k1)
    return y
