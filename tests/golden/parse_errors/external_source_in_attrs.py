# external_source is a decorator keyword, not a function attr: in attrs it is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore, attrs={"external_source": "a.cpp"}, external_source="b.cpp")
def k(a: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
    ...
