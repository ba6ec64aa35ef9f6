import pypto.language as pl

@pl.program
class P:
    @pl.function
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            t__tmp_v0: pl.Tensor[[64], pl.FP32] = pl.tensor.exp(x)
            y: pl.Tensor[[64], pl.FP32] = pl.tensor.add(t__tmp_v0, x)
        return y
