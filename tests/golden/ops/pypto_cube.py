# PyPTO's further cube ops (cube_ops.cpp): the matrix-vector forms, the products seeded with a
# bias row, and the batched product over Mat operands.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def cube(lhs: pl.Tile[[128, 64], pl.FP16, pl.Mem.Left], vec: pl.Tile[[1, 64], pl.FP16, pl.Mem.Left],
         rhs: pl.Tile[[64, 256], pl.FP16, pl.Mem.Right],
         bias: pl.Tile[[1, 256], pl.FP32, pl.Mem.Bias],
         bl: pl.Tile[[2, 16, 64], pl.FP16, pl.Mem.Mat], br: pl.Tile[[64, 32], pl.FP16, pl.Mem.Mat]):
    g = pl.tile.gemv(vec, rhs)
    ga = pl.tile.gemv_acc(g, vec, rhs)
    gb = pl.tile.gemv_bias(vec, rhs, bias)
    mb = pl.tile.matmul_bias(lhs, rhs, bias)
    bm = pl.tile.batch_matmul(bl, br)
    return g, ga, gb, mb, bm
