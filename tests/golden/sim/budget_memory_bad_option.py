import pypto.language as pl

# A malformed --max-memory is bad usage (exit 2).
@pl.function(type=pl.FunctionType.InCore)
def big(a: pl.Tensor[[16, 16], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    x = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
    return pl.store(x, [0, 0], out_0)
