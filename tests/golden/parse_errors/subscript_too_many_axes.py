import pypto.language as pl

@pl.function
def f(a: pl.Tensor[[64, 128], pl.FP32]):
    b = a[0:8, 0:8, 0:8]
    return b
