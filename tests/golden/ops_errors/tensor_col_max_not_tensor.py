# tensor col max not tensor: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def k(a: pl.Tensor[[16, 32], pl.FP32], s: pl.Scalar[pl.FP32]):
    y = pl.tensor.col_max(s)
    return y
