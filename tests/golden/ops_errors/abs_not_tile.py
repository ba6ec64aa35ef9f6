# abs not tile: the deducer rejects this call.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(s: pl.Scalar[pl.FP32]):
    y = pl.tile.abs(s)
    return y
