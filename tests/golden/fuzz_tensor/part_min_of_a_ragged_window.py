# tilesplit fuzz (seed 41, case 2233): tensor.part_* judges an element present by its operand's
# valid region as the type states it, as the tile program's loads do; an undefined element inside
# it stays undefined (the reference once took it for absent and copied the other operand).
import pypto.language as pl


@pl.program
class FuzzProgram:
    @pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
    def kernel(self, a0: pl.Tensor[[53, 1], pl.FP32], a1: pl.Tensor[[53, 32], pl.FP32], s: pl.Scalar[pl.FP32], a5: pl.Tensor[[1, 1], pl.FP32], a9: pl.Tensor[[1, 1], pl.FP32], a13: pl.Tensor[[32, 1], pl.FP32], out: pl.InOut[pl.Tensor[[53, 1], pl.FP32]]) -> pl.Tensor[[53, 1], pl.FP32]:
        g10 = pl.slice(a9, [53, 1], [0, 0], valid_shape=[1, 1])
        w12 = g10[18:50, 0:1]
        g10[18:50, 0:1] = pl.tensor.part_min(w12, a13)
        return g10

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a0: pl.Tensor[[53, 1], pl.FP32], a1: pl.Tensor[[53, 32], pl.FP32], s: pl.Scalar[pl.FP32], a5: pl.Tensor[[1, 1], pl.FP32], a9: pl.Tensor[[1, 1], pl.FP32], a13: pl.Tensor[[32, 1], pl.FP32], g10: pl.InOut[pl.Tensor[[53, 1], pl.FP32]]) -> pl.Tensor[[53, 1], pl.FP32]:
        r = self.kernel(a0, a1, s, a5, a9, a13, g10)
        return r
