# matmul dtype: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(l: pl.Tile[[64, 32], pl.FP16, pl.Mem.Left], rf: pl.Tile[[32, 128], pl.FP32, pl.Mem.Right]):
    y = pl.tile.matmul(l, rf)
    return y
