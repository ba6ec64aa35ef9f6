# tensor.cmps NE on INT32.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def k(a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32],
      i: pl.Tensor[[16, 32], pl.INT32], s: pl.Tensor[[16, 16], pl.FP32],
      r: pl.Tensor[[2, 16, 32], pl.FP32], w: pl.Tensor[[1, 16], pl.FP32]):
    y = pl.tensor.cmps(i, 1, cmp_type=1)
    return y
