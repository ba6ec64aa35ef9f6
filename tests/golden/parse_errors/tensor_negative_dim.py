import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[-1, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    return out
