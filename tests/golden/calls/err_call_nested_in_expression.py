import pypto.language as pl

@pl.program
class P:
    @pl.function
    def main(a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        return 1 + self.f(a)

    @pl.function
    def f(x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        return x
