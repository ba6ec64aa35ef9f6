# tensor.view under a shape of another element count: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def k(t: pl.Tensor[[16, 32], pl.FP32]):
    y = pl.tensor.view(t, [16, 16])
    return y
