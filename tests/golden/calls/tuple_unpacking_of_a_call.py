import pypto.language as pl

# `a, b = self.f(...)` of a function with two results: the tuple is bound to one name and each
# target to its element.
@pl.program
class Unpack:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 16], pl.FP32], acc: pl.InOut[pl.Tensor[[16, 16], pl.FP32]],
              out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32]]:
        t = pl.load(x, [0, 0], [16, 16])
        s = pl.mul(t, 2.0)
        acc = pl.store(pl.add(pl.load(acc, [0, 0], [16, 16]), s), [0, 0], acc)
        out = pl.store(s, [0, 0], out)
        return acc, out

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 16], pl.FP32], acc: pl.InOut[pl.Tensor[[16, 16], pl.FP32]],
             out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32]]:
        acc, out = self.scale(x, acc, out)
        return acc, out
