# A Group wrapper calling a converted kernel forwards the output the kernel gained: the wrapper
# takes it as a new Out parameter and passes it through, and the orchestration function, the
# wrapper's caller, creates it. The wrapper's return type stays the kernel's result type.
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
