# sin / cos / fmod on INT32 tensors, arg-reductions of a rank-1 tensor: every call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def k(t: pl.Tensor[[16, 32], pl.INT32], v: pl.Tensor[[16], pl.INT32]):
    y0 = pl.tensor.sin(t)
    y1 = pl.tensor.cos(t)
    y2 = pl.tensor.fmod(t, t)
    y3 = pl.tensor.fmods(t, 2.0)
    y4 = pl.tensor.row_argmax(v)
    y5 = pl.tensor.row_argmin(v)
    y6 = pl.tensor.col_argmax(v)
    y7 = pl.tensor.col_argmin(v)
    return y0
