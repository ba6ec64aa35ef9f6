# load zero shape: a tile dimension is at least 1.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[16, 16], pl.FP32]):
    x = pl.load(a, [0, 0], [0, 16], target_memory=pl.Mem.Vec)
    return x
