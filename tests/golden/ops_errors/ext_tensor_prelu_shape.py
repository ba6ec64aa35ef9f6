# tensor.prelu with a slope of another shape.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def k(a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32],
      i: pl.Tensor[[16, 32], pl.INT32], s: pl.Tensor[[16, 16], pl.FP32]):
    y = pl.tensor.prelu(a, s)
    return y
