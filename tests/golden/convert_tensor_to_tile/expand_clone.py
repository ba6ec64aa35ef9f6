# tensor.expand_clone writes its broadcast into the target (which becomes Out): along the first
# axis, the loaded input stored at each index in a loop carrying the target; along the middle axis
# of rank 3, a slice loaded and column-expanded per index; along the last, one row expansion.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def first(src: pl.Tensor[[1, 4, 8], pl.FP16], target: pl.Tensor[[2, 4, 8], pl.FP16]) -> pl.Tensor[[2, 4, 8], pl.FP16]:
    y = pl.expand_clone(src, target)
    return y


@pl.function(type=pl.FunctionType.InCore)
def middle(src: pl.Tensor[[2, 1, 8], pl.FP16], target: pl.Tensor[[2, 4, 8], pl.FP16]) -> pl.Tensor[[2, 4, 8], pl.FP16]:
    y = pl.expand_clone(src, target)
    return y


@pl.function(type=pl.FunctionType.InCore)
def last(src: pl.Tensor[[2, 4, 1], pl.FP16], target: pl.Tensor[[2, 4, 8], pl.FP16]) -> pl.Tensor[[2, 4, 8], pl.FP16]:
    y = pl.expand_clone(src, target)
    return y
