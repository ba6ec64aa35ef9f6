# reduce_scatter_max: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(d: pld.DistributedTensor[[2, 16], pl.FP32], s: pld.DistributedTensor[[2, 1], pl.INT32]):
    d2 = pld.tensor.reduce_scatter(d, s, op=pld.ReduceOp.Max)
    return
