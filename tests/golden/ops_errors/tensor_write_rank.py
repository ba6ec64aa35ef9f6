# tensor write rank: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def k(a: pl.Tensor[[16, 32], pl.FP32]):
    y = pl.tensor.write(a, [0], 1.0)
    return y
