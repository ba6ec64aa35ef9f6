import pypto.language as pl

@pl.function
def main(a: pl.Tensor[[16, 16], pl.FP32]):
    self.f(a)
    return

@pl.function
def f(x: pl.Tensor[[16, 16], pl.FP32]):
    return
