import pypto.language as pl

@pl.program
class P:
    @pl.function
    def main(self, a: pl.Tensor[[64], pl.FP32], b: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y_inline0: pl.Tensor[[64], pl.FP32] = pl.tensor.mul(a, a)
        a2: pl.Tensor[[64], pl.FP32] = y_inline0
        y_inline1: pl.Tensor[[64], pl.FP32] = pl.tensor.mul(b, b)
        b2: pl.Tensor[[64], pl.FP32] = y_inline1
        return pl.tensor.add(a2, b2)
