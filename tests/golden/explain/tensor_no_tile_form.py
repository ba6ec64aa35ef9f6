# A tensor op with no tile form in a kernel: explain reports the rejection of
# convert-tensor-to-tile-ops, located, with its fix; main, which calls the kernel, is set aside as
# not reached (not rejected for calling a function that was set aside).
import pypto.language as pl


@pl.program
class Bad:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        y = pl.add(x, x)
        z = pl.tensor.write(y, [0, 0], 1.0)
        return z

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        r = self.kernel(x)
        return r
