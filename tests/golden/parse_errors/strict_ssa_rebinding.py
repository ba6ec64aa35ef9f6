# A program declared strict_ssa binds each name once: the second binding of 'y' is rejected.
import pypto.language as pl


@pl.program(strict_ssa=True)
class P:
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y = pl.add(x, 1.0)
        y = pl.add(y, 2.0)
        return y
