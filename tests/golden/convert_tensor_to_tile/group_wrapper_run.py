# group_wrapper.py's program through check: the conversion forwards the wrapper's output, but a
# Group calls one AIC and one AIV function (the split program's shape), not an InCore kernel, so
# the whole pipeline refuses it where the wrapper calls the kernel.
import pypto.language as pl


@pl.program
class Wrapped:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y = pl.add(x, x)
        return y

    @pl.function(type=pl.FunctionType.Group)
    def wrapper(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y = self.kernel(x)
        return y

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y = self.wrapper(x)
        return y
