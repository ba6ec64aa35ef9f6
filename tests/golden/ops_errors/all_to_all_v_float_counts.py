# all_to_all_v_float_counts: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[2, 16], pl.FP32], d: pld.DistributedTensor[[2, 16], pl.FP32], s: pld.DistributedTensor[[2, 1], pl.INT32], c: pl.Tensor[[2, 1], pl.FP32]):
    d2 = pld.tensor.all_to_all_v(x, d, s, c, s)
    return
