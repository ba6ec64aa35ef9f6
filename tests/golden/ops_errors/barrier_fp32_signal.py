# barrier_fp32_signal: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(s: pld.DistributedTensor[[2, 1], pl.FP32]):
    s2 = pld.tensor.barrier(s)
    return
