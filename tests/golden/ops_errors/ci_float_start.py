# ci float start: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(s: pl.Scalar[pl.FP32]):
    y = pl.tile.ci(s, [1, 128], dtype=pl.INT32)
    return y
