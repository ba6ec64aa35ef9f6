import pypto.language as pl

@pl.program
class P:
    @pl.function
    def main(self, a: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        lo_inline0: pl.Tensor[[64], pl.FP32] = pl.tensor.muls(a, 0.5)
        hi_inline0: pl.Tensor[[64], pl.FP32] = pl.tensor.muls(a, 2.0)
        pair: pl.Tuple[pl.Tensor[[64], pl.FP32], pl.Tensor[[64], pl.FP32]] = [lo_inline0, hi_inline0]
        return pl.tensor.add(pair[0], pair[1])
