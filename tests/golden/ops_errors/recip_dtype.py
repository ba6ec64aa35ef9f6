# recip dtype: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(bf: pl.Tile[[64, 128], pl.BF16, pl.Mem.Vec]):
    y = pl.tile.recip(bf, high_precision=True)
    return y
