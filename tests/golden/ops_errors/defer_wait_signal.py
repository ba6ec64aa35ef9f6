# pld.system.defer_wait on a plain tensor: the call below is rejected (the signal is an INT32
# pld.DistributedTensor).
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(flags: pl.Tensor[[4, 1], pl.INT32]):
    pld.system.defer_wait(flags, [0, 0], 1, cmp=1)
    return flags
