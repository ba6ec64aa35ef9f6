import pypto.language as pl

@pl.program
class P:
    @pl.function
    def main(a: pl.Tensor[[16, 16], pl.FP32]):
        r: pl.Tensor[[16, 16], pl.FP16] = self.f(a)
        return

    @pl.function
    def f(x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        return x
