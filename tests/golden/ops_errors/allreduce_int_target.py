# allreduce_int_target: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(d: pld.DistributedTensor[[1, 16], pl.INT32], s: pld.DistributedTensor[[2, 1], pl.INT32]):
    d2 = pld.tensor.allreduce(d, s, op=pld.ReduceOp.Sum)
    return
