# A data type given positionally binds to the op's one dtype keyword; giving it again is an error.
import pypto.language as pl

@pl.function(type=pl.FunctionType.Orchestration)
def f(a: pl.Tensor[[16, 32], pl.FP32]):
    bits = pl.tensor.reinterpret_view(a, pl.INT16, dtype=pl.INT16)
    return bits
