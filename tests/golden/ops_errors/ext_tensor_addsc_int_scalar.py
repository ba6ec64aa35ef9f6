# tensor.addsc on FP32 tensors with an integer scalar.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def k(a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32],
      i: pl.Tensor[[16, 32], pl.INT32], s: pl.Tensor[[16, 16], pl.FP32]):
    y = pl.tensor.addsc(a, 2, b)
    return y
