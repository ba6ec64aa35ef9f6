# tensor.set_validshape beyond the tensor's extent: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def k(t: pl.Tensor[[16, 32], pl.FP32]):
    y = pl.tensor.set_validshape(t, 40, 8)
    return y
