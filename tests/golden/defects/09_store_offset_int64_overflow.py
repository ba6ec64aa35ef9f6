import pypto.language as pl

# Reproducer 09: a store offset of INT64_MAX. offset + extent is compared without overflow,
# so the store is rejected at the call (it used to pass the bounds check and segfault).
@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[16, 16], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    x = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
    return pl.store(x, [0, 9223372036854775807], out_0)
