# gather compare rank: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], r3: pl.Tile[[2, 64, 128], pl.FP32, pl.Mem.Vec]):
    y = pl.tile.gather_compare(r3, 0.5, a, cmp_mode=0, out_cols=8)
    return y
