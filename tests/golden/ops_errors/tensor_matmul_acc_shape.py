# tensor.matmul_acc into an accumulator that does not hold the product: rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def k(acc: pl.Tensor[[16, 8], pl.FP32], a: pl.Tensor[[16, 32], pl.FP32],
      b: pl.Tensor[[32, 16], pl.FP32]):
    y = pl.tensor.matmul_acc(acc, a, b)
    return y
