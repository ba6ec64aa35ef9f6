# sqrt not tile: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(s: pl.Scalar[pl.FP32]):
    y = pl.tile.sqrt(s)
    return y
