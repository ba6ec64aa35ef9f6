# tensor create with a DN layout: the call below is rejected (a created tensor is row-major).
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def k(a: pl.Tensor[[16, 32], pl.FP32]):
    y = pl.tensor.create([16, 32], dtype=pl.FP32, layout=pl.TensorLayout.DN)
    return y
