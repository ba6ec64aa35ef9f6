# tensor.fillpad_expand into a smaller shape.
import pypto.language as pl


@pl.function(type=pl.FunctionType.Orchestration)
def k(a: pl.Tensor[[16, 32], pl.FP32]):
    y = pl.tensor.fillpad_expand(a, [16, 16])
    return y
