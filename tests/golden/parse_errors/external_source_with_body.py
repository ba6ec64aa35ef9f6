# An external kernel's body is its source's: a DSL body beside external_source= is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore, external_source="k.cpp")
def k(a: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
    return a
