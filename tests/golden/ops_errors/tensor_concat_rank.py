# tensor.concat of a rank-2 and a rank-1 tensor: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def k(a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[32], pl.FP32]):
    y = pl.concat(a, b)
    return y
