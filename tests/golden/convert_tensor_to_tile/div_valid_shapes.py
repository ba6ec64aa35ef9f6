# A division of two [8, 16] windows of different valid shapes: the vector division (TDIV) needs
# src0, src1 and dst over one valid shape.
import pypto.language as pl


@pl.program
class Ragged:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[8, 16], pl.FP32], b: pl.Tensor[[8, 16], pl.FP32]) -> pl.Tensor[[8, 16], pl.FP32]:
        x = pl.tensor.slice(a, [8, 16], [0, 0], [7, 16])
        z = pl.div(x, b)
        return z

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[8, 16], pl.FP32], b: pl.Tensor[[8, 16], pl.FP32]) -> pl.Tensor[[8, 16], pl.FP32]:
        r = self.kernel(a, b)
        return r
