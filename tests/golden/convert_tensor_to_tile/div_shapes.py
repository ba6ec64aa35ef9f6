# A division of a [1, 64] tensor by a [32, 64] one: the tensor op broadcasts, the vector division
# (TDIV) reads both operands over one box and broadcasts only an [M, 1] divisor.
import pypto.language as pl


@pl.program
class Broadcast:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[1, 64], pl.FP32], b: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        z = pl.div(a, b)
        return z

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[1, 64], pl.FP32], b: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        r = self.kernel(a, b)
        return r
