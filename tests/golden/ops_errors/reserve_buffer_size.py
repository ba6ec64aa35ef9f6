# reserve buffer of no bytes: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def k(b: pl.Scalar[pl.INT32]):
    h = pl.system.reserve_buffer(name="buf", size=0)
    return h
