# tensor.transpose of an axis with itself: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def k(t: pl.Tensor[[16, 32], pl.FP32]):
    y = pl.tensor.transpose(t, 1, -1)
    return y
