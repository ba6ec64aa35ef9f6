# Without a value for the dynamic dimension N the simulator cannot size x: a located error at
# the parameter says how to bind it.
import pypto.language as pl

N = pl.dynamic("N")
D = 64
BLOCK = 16


@pl.program
class Dyn:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(self, x: pl.Tensor[[N, D], pl.FP32], w: pl.Tensor[[D, D], pl.FP32],
             out: pl.Out[pl.Tensor[[N, D], pl.FP32]]) -> pl.Tensor[[N, D], pl.FP32]:
        for i in pl.range(N // BLOCK):
            r0 = i * BLOCK
            with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
                xb = pl.slice(x, [BLOCK, D], [r0, 0])
                y = pl.matmul(pl.exp(xb), w)
                out = pl.assemble(out, y, [r0, 0])
        return out
