# A module constant cannot take a reserved name.
import pypto.language as pl

tuple = 3


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
    return a
