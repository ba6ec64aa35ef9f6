import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(x: pl.Tensor[[16, 16], pl.FP32]):
        self.f(x)
        return

    @pl.function
    def f(x: pl.Tensor[[16, 16], pl.FP32]):
        return
