# full dynamic shape: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(n: pl.Scalar[pl.INDEX]):
    y = pl.full([n, 16], 0, dtype=pl.FP32)
    return y
