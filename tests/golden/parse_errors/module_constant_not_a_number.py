# A module constant is a number; a string is rejected where it is defined.
import pypto.language as pl

NAME = "kernel"


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
    return a
