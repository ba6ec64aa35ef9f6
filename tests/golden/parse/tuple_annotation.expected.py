import pypto.language as pl

@pl.program
class Pair:
    @pl.function
    def two(self, x: pl.Tensor[[16], pl.FP32]) -> tuple[pl.Tensor[[16], pl.FP32], pl.Tensor[[16], pl.FP32]]:
        y: pl.Tensor[[16], pl.FP32] = pl.tensor.add(x, x)
        return x, y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
        r: pl.Tuple[pl.Tensor[[16], pl.FP32], pl.Tensor[[16], pl.FP32]] = self.two(x)
        return r[1]
