# Deferred completion (docs/task-model.md): a waiter registers conditions on an INT32 distributed
# signal (cmp=1, Ge, only); a consumer drops its cached GM lines before reading.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def waiter(sig: pld.DistributedTensor[[4, 1], pl.INT32], n: pl.Scalar[pl.INT32]):
    pld.system.defer_wait(sig, [0, 0], 1, cmp=1)
    pld.system.defer_wait(sig, offsets=[3, 0], expected=n, cmp=pld.WaitCmp.Ge)
    return sig


@pl.function(type=pl.FunctionType.AIV)
def invalidate(x: pl.Tensor[[16], pl.INT32]):
    pl.system.cacheinvalid()
    return x
