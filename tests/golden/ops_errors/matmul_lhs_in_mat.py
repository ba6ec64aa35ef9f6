# matmul lhs in Mat: the cube reads its left operand from Left, reached from Mat by a move.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Mat], b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Right]):
    s = pl.matmul(a, b)
    return s
