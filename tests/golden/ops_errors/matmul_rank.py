# matmul rank: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(r: pl.Tile[[32, 128], pl.FP16, pl.Mem.Right], l1: pl.Tile[[32], pl.FP16, pl.Mem.Left]):
    y = pl.matmul(l1, r)
    return y
