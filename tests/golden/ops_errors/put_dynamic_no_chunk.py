# put_dynamic_no_chunk: the call below is rejected.
import pypto.language as pl

N = pl.dynamic("N")


@pl.function(type=pl.FunctionType.InCore)
def k(dst: pld.DistributedTensor[[N, 64], pl.FP16], src: pld.DistributedTensor[[N, 64], pl.FP16], peer: pl.Scalar[pl.INT32]):
    pld.tensor.put(dst, peer, src)
    return
