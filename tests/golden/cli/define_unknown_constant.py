import pypto.language as pl

# -D naming no module constant of the file is an error (a typo would otherwise go unnoticed).
N = 16


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[N], pl.FP32]) -> pl.Tensor[[N], pl.FP32]:
    return a
