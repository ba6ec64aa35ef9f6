import pypto.language as pl

@pl.program
class P:
    @pl.function
    def main(a: pl.Tensor[[16, 16], pl.FP32]):
        self.missing(a)
        return
