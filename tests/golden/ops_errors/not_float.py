# bitwise not of float operands: every call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def k(t: pl.Tensor[[16, 32], pl.FP32], v: pl.Tile[[16, 32], pl.FP32, pl.Mem.Vec]):
    y0 = pl.tensor.not_(t)
    y1 = pl.tile.not_(v)
    return y0
