# An assemble into a tile computed in the kernel is a tile.assemble of the loaded source.
import pypto.language as pl


@pl.program
class Bad:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 32], pl.FP32],
               p: pl.Tensor[[8, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        y = pl.add(x, x)
        z = pl.assemble(y, p, [0, 0])
        return z

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32],
             p: pl.Tensor[[8, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        r = self.kernel(x, p)
        return r
