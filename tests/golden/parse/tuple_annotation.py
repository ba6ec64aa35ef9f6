# Python's tuple[...] annotates a call of a function with several results, as pl.Tuple[...] does.
import pypto.language as pl


@pl.program
class Pair:
    @pl.function(type=pl.FunctionType.Opaque)
    def two(self, x: pl.Tensor[[16], pl.FP32]) -> tuple[pl.Tensor[[16], pl.FP32], pl.Tensor[[16], pl.FP32]]:
        y = pl.add(x, x)
        return x, y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
        r: tuple[pl.Tensor[[16], pl.FP32], pl.Tensor[[16], pl.FP32]] = self.two(x)
        return r[1]
