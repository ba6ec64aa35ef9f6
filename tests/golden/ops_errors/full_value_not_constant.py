# full value not constant: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(s: pl.Scalar[pl.FP32]):
    y = pl.tile.full([16, 16], s, dtype=pl.FP32)
    return y
