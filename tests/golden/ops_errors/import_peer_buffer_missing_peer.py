# import peer buffer without the peer function: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIC)
def k(b: pl.Scalar[pl.INT32]):
    h = pl.system.import_peer_buffer(name="buf")
    return h
