# remote_store_plain_target: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[16, 64], pl.FP16], dst: pl.Tensor[[16, 64], pl.FP16], peer: pl.Scalar[pl.INT32]):
    pld.tensor.remote_store(x, dst, peer, [0, 0])
    return
