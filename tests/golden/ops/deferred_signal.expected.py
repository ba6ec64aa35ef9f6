import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def waiter(sig: pld.DistributedTensor[[4, 1], pl.INT32], n: pl.Scalar[pl.INT32]) -> pld.DistributedTensor[[4, 1], pl.INT32]:
    pld.system.defer_wait(sig, [0, 0], 1, cmp=1)
    pld.system.defer_wait(sig, [3, 0], n, cmp=1)
    return sig

@pl.function(type=pl.FunctionType.AIV)
def invalidate(x: pl.Tensor[[16], pl.INT32]) -> pl.Tensor[[16], pl.INT32]:
    pl.system.cacheinvalid()
    return x
