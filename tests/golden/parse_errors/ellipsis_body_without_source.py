# A body of `...` says the function is implemented elsewhere: without external_source= it has none.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
    ...
