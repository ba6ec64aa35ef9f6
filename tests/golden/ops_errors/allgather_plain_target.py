# allgather_plain_target: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[1, 16], pl.FP32], d: pl.Tensor[[2, 16], pl.FP32], s: pld.DistributedTensor[[2, 1], pl.INT32]):
    d2 = pld.tensor.allgather(x, d, s)
    return
