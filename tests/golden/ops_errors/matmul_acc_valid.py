# matmul acc valid: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(accv: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[32, 128])], l: pl.Tile[[64, 32], pl.FP16, pl.Mem.Left], r: pl.Tile[[32, 128], pl.FP16, pl.Mem.Right], flag: pl.Scalar[pl.BOOL]):
    y = pl.tile.matmul_acc(accv, l, r, flag)
    return y
