# tensor full empty shape: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def k(a: pl.Tensor[[16, 32], pl.FP32]):
    y = pl.tensor.full([], 0.0, dtype=pl.FP32)
    return y
