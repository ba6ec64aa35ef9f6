# tile.matmul_bias with a bias narrower than the product.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(lhs: pl.Tile[[128, 64], pl.FP16, pl.Mem.Left], vec: pl.Tile[[1, 64], pl.FP16, pl.Mem.Left],
      rhs: pl.Tile[[64, 256], pl.FP16, pl.Mem.Right],
      bias: pl.Tile[[1, 256], pl.FP32, pl.Mem.Bias], hb: pl.Tile[[1, 256], pl.FP16, pl.Mem.Bias],
      nb: pl.Tile[[1, 128], pl.FP32, pl.Mem.Bias], acc: pl.Tile[[128, 256], pl.FP32, pl.Mem.Acc],
      m0: pl.Tile[[16, 64], pl.FP16, pl.Mem.Mat], m1: pl.Tile[[64, 32], pl.FP16, pl.Mem.Mat]):
    y = pl.tile.matmul_bias(lhs, rhs, nb)
    return y
