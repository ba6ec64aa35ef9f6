# external_source= takes the path of a source file.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore, external_source=3)
def k(a: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
    ...
