# notify offsets rank: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[64, 128], pl.FP32], i: pl.Scalar[pl.INT32]):
    pld.system.notify(x, i, [0], 1, op=1)
    return x
