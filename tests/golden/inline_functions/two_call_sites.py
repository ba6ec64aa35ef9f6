# Each call of an Inline function is replaced by a copy of its body: the argument stands for the
# parameter and every variable the body defines gets a fresh name per call site (_inline0,
# _inline1); the Inline function leaves the program.
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Inline)
    def square(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        y: pl.Tensor[[64], pl.FP32] = pl.mul(x, x)
        return y

    @pl.function
    def main(self, a: pl.Tensor[[64], pl.FP32], b: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        a2: pl.Tensor[[64], pl.FP32] = self.square(a)
        b2: pl.Tensor[[64], pl.FP32] = self.square(b)
        return pl.add(a2, b2)
