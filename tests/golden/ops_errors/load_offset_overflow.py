# load offset overflow: offset + extent past INT64_MAX must not wrap into bounds.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[16, 16], pl.FP32]):
    x = pl.load(a, [9223372036854775807, 0], [16, 16], target_memory=pl.Mem.Vec)
    return x
