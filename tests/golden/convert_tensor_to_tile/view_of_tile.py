# A GM view of a value the kernel computes as a tile has no tile form.
import pypto.language as pl


@pl.program
class Bad:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[4, 8], pl.FP32]) -> pl.Tensor[[32], pl.FP32]:
        y = pl.add(x, x)
        z = pl.tensor.view(y, [32])
        return z

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[4, 8], pl.FP32]) -> pl.Tensor[[32], pl.FP32]:
        r = self.kernel(x)
        return r
