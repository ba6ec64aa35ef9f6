# matmul k: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(l: pl.Tile[[64, 32], pl.FP16, pl.Mem.Left], r2: pl.Tile[[64, 128], pl.FP16, pl.Mem.Right]):
    y = pl.tile.matmul(l, r2)
    return y
