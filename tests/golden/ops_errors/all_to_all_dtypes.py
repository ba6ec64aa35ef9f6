# all_to_all_dtypes: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[2, 16], pl.FP16], d: pld.DistributedTensor[[2, 16], pl.FP32], s: pld.DistributedTensor[[2, 1], pl.INT32]):
    d2 = pld.tensor.all_to_all(x, d, s)
    return
