import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore, attrs={"splitt": pl.SplitMode.UP_DOWN})
def k(a: pl.Tensor[[16, 16], pl.FP32]):
    return a
