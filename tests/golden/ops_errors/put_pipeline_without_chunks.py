# put_pipeline_without_chunks: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(dst: pld.DistributedTensor[[16, 64], pl.FP16], src: pld.DistributedTensor[[16, 64], pl.FP16], peer: pl.Scalar[pl.INT32]):
    pld.tensor.put(dst, peer, src, pipeline=True)
    return
