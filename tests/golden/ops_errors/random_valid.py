# random valid: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(i: pl.Scalar[pl.INT32]):
    y = pl.tile.random(i, i, 0, 0, 0, 0, [16, 128], [0, 128], dtype=pl.INT32)
    return y
