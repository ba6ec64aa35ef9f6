# tensor.expand_clone of an input with two unit axes the target does not share: its tile form
# expands one axis; refused at the call, with the two-step fix.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def kernel(src: pl.Tensor[[1, 1, 8], pl.FP32], target: pl.Tensor[[2, 4, 8], pl.FP32]) -> pl.Tensor[[2, 4, 8], pl.FP32]:
    y = pl.expand_clone(src, target)
    return y
