# gather compare tmp: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], s: pl.Scalar[pl.FP32]):
    y = pl.tile.gather_compare(a, 0.5, s, cmp_mode=0, out_cols=8)
    return y
