# tensor.reinterpret_view into a shape of another byte size: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def k(t: pl.Tensor[[16, 32], pl.FP32]):
    y = pl.tensor.reinterpret_view(t, [16, 32], dtype=pl.INT16)
    return y
