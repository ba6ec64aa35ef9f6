# tensor.random with 8 rounds: the generator runs 7 or 10.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def k(a: pl.Tensor[[16, 32], pl.FP32]):
    y = pl.tensor.random(1, 2, 0, 0, 0, 0, [16, 32], dtype=pl.INT32, rounds=8)
    return y
