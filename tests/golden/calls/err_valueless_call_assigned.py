import pypto.language as pl

@pl.program
class P:
    @pl.function
    def main(a: pl.Scalar[pl.INDEX]):
        r = self.f(a)
        return

    @pl.function
    def f(x: pl.Scalar[pl.INDEX]):
        return
