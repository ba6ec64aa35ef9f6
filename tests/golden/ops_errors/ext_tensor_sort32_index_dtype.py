# tensor.sort32 with INT32 indices: the pairs carry UINT32 indices.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def k(s: pl.Tensor[[16, 32], pl.FP32], i: pl.Tensor[[16, 32], pl.INT32]):
    y = pl.tensor.sort32(s, i)
    return y
