# gather compare count dtype: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec]):
    y = pl.tile.gather_compare(a, 0.5, a, cmp_mode=0, out_cols=8, count_dtype=pl.INT16)
    return y
