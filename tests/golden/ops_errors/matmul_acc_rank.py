# matmul acc rank: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(acc1: pl.Tile[[128], pl.FP32, pl.Mem.Acc], l: pl.Tile[[64, 32], pl.FP16, pl.Mem.Left], r: pl.Tile[[32, 128], pl.FP16, pl.Mem.Right]):
    y = pl.tile.matmul_acc(acc1, l, r)
    return y
