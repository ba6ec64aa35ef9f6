# gather compare dtype: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], u8: pl.Tile[[64, 128], pl.UINT8, pl.Mem.Vec]):
    y = pl.tile.gather_compare(u8, 1, a, cmp_mode=0, out_cols=8)
    return y
