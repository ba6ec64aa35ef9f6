# tensor.matmul_acc accumulates into the tile a matmul made: its operands go to Mat like the
# matmul's, the accumulator stays the Acc tile.
import pypto.language as pl


@pl.program
class Acc:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 128], pl.FP32], b: pl.Tensor[[128, 64], pl.FP32],
               c: pl.Tensor[[16, 128], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        acc = pl.matmul(a, b)
        r = pl.matmul_acc(acc, c, b)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 128], pl.FP32], b: pl.Tensor[[128, 64], pl.FP32],
             c: pl.Tensor[[16, 128], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        r = self.kernel(a, b, c)
        return r
