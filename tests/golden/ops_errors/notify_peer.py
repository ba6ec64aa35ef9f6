# notify peer: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[64, 128], pl.FP32], s: pl.Scalar[pl.FP32]):
    pld.system.notify(x, s, [0, 0], 1, op=1)
    return x
