# load negative offset: a window starting before the tensor is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[16, 16], pl.FP32]):
    x = pl.load(a, [-4, 0], [16, 16], target_memory=pl.Mem.Vec)
    return x
