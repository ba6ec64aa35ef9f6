# An Inline function may call another (expanded bottom-up, so one run leaves no call), hold loops
# and pl.at scopes (kept verbatim, for outline-incore-scopes to outline later), and be called from
# an InCore kernel, as a statement, inside a loop, or as the returned value.
import pypto.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Inline)
    def scale(self, x: pl.Tensor[[16, 64], pl.FP32], s: pl.Scalar[pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        y: pl.Tensor[[16, 64], pl.FP32] = pl.muls(x, s)
        return y

    @pl.function(type=pl.FunctionType.Inline)
    def scale_twice(self, x: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        once: pl.Tensor[[16, 64], pl.FP32] = self.scale(x, 2.0)
        twice: pl.Tensor[[16, 64], pl.FP32] = self.scale(once, 3.0)
        return twice

    @pl.function(type=pl.FunctionType.Inline)
    def tile_exp(self, src: pl.Tensor[[16, 64], pl.FP32], dst: pl.Tensor[[16, 64], pl.FP32]):
        t = pl.load(src, [0, 0], [16, 64])
        e = pl.exp(t)
        pl.store(e, [0, 0], dst)

    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
        self.tile_exp(a, out)

    @pl.function
    def main(self, a: pl.Tensor[[16, 64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        acc: pl.Tensor[[16, 64], pl.FP32] = a
        for i in pl.range(n):
            acc = self.scale_twice(acc)
        return self.scale(acc, 0.5)
