# A callee returning several values becomes a tuple at the call site; an Inline function nobody
# calls is removed all the same.
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Inline)
    def split_scale(self, x: pl.Tensor[[64], pl.FP32]) -> tuple[pl.Tensor[[64], pl.FP32], pl.Tensor[[64], pl.FP32]]:
        lo: pl.Tensor[[64], pl.FP32] = pl.muls(x, 0.5)
        hi: pl.Tensor[[64], pl.FP32] = pl.muls(x, 2.0)
        return lo, hi

    @pl.function(type=pl.FunctionType.Inline)
    def unused(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        return pl.exp(x)

    @pl.function
    def main(self, a: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        pair = self.split_scale(a)
        return pl.add(pair[0], pair[1])
