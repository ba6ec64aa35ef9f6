# Cube ops (ops.md 2.9).
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def cube(lhs: pl.Tile[[128, 64], pl.FP16, pl.Mem.Left],
         rhs: pl.Tile[[64, 256], pl.FP16, pl.Mem.Right],
         ilhs: pl.Tile[[16, 32], pl.INT8, pl.Mem.Left],
         irhs: pl.Tile[[32, 16], pl.INT8, pl.Mem.Right],
         first: pl.Scalar[pl.BOOL]):
    c = pl.matmul(lhs, rhs)
    d = pl.tile.matmul_acc(c, lhs, rhs)
    e = pl.tile.matmul_acc(d, lhs, rhs, first)
    i = pl.tile.matmul(ilhs, irhs)
    return e, i
