# random float key: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(s: pl.Scalar[pl.FP32], i: pl.Scalar[pl.INT32]):
    y = pl.tile.random(s, i, 0, 0, 0, 0, [16, 128], dtype=pl.INT32)
    return y
