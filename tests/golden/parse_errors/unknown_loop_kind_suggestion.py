import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[16, 16], pl.FP32]):
    for i in pl.rnage(4):
        pass
    return a
