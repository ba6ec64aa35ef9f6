# matmul result annotated Vec: the annotation cannot move a result out of the op's space.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Left], b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Right]):
    s: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.matmul(a, b)
    return s
