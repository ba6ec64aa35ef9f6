import pypto.language as pl

@pl.program
class P:
    @pl.function
    def f(x: pl.Tensor[[16, 16], pl.FP32]):
        self.g(x)
        return

    @pl.function
    def g(x: pl.Tensor[[16, 16], pl.FP32]):
        self.f(x)
        return
