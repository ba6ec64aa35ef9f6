# broadcast_negative_root: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(d: pld.DistributedTensor[[1, 16], pl.FP32], s: pld.DistributedTensor[[2, 1], pl.INT32]):
    d2 = pld.tensor.broadcast(d, s, root=-1)
    return
