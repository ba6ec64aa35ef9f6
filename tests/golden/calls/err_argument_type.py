import pypto.language as pl

@pl.program
class P:
    @pl.function
    def main(a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 8], pl.FP32]):
        self.f(a, b)
        return

    @pl.function
    def f(x: pl.Tensor[[16, 16], pl.FP32], y: pl.Tensor[[16, 16], pl.FP32]):
        return
