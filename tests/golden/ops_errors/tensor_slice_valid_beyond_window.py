# tensor slice whose valid shape exceeds its window: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def k(a: pl.Tensor[[16, 32], pl.FP32]):
    y = pl.slice(a, [8, 32], [0, 0], valid_shape=[9, 32])
    return y
