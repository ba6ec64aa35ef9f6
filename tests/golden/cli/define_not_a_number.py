import pypto.language as pl

# -D with a value that is not a number is an error.
N = 16


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[N], pl.FP32]) -> pl.Tensor[[N], pl.FP32]:
    return a
