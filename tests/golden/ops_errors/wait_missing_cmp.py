# wait missing cmp: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[64, 128], pl.FP32]):
    pld.system.wait(x, [0, 0], 1)
    return x
