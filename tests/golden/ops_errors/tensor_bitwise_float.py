# bitwise tensor ops on FP32 tensors: every call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def k(t: pl.Tensor[[16, 32], pl.FP32], v: pl.Tensor[[16, 32], pl.FP32]):
    y0 = pl.tensor.and_(t, v)
    y1 = pl.tensor.or_(t, v)
    y2 = pl.tensor.shl(t, v)
    y3 = pl.tensor.shr(t, v)
    y4 = pl.tensor.ands(t, 1)
    y5 = pl.tensor.ors(t, 1)
    y6 = pl.tensor.shls(t, 1)
    y7 = pl.tensor.shrs(t, 1)
    y8 = pl.tensor.xor(t, v)
    y9 = pl.tensor.xors(t, 1)
    return y0
