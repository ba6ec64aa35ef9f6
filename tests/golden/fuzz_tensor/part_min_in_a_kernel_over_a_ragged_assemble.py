# tilesplit fuzz (seed 41, case 1542): tensor.part_* judges an element present by its operand's
# valid region as the type states it, as the tile program's loads do; an undefined element inside
# it stays undefined (the reference once took it for absent and copied the other operand).
import pypto.language as pl


@pl.program
class FuzzProgram:
    @pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.NONE})
    def kernel(self, a0: pl.Tensor[[3, 1], pl.FP32], a1: pl.Tensor[[3, 1], pl.FP32], a2: pl.Tensor[[3, 1], pl.FP32], a4: pl.Tensor[[3, 1], pl.FP32], a8: pl.Tensor[[3, 1], pl.FP32], a12: pl.Tensor[[3, 1], pl.FP32], a14: pl.Tensor[[1, 1], pl.FP32], a16: pl.Tensor[[1, 1], pl.FP32], a18: pl.Tensor[[3, 1], pl.FP32], out: pl.InOut[pl.Tensor[[3, 1], pl.FP32]]) -> pl.Tensor[[3, 1], pl.FP32]:
        v3 = pl.subc(a1, a2, a1)
        v5 = pl.row_expand_sub(v3, a4)
        g13 = pl.slice(a12, [3, 1], [1, 0], valid_shape=[1, 1])
        out[0:3, 0:1] = g13
        out = pl.assemble(out, pl.tensor.part_min(out, v5), [0, 0])
        return v5

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a0: pl.Tensor[[3, 1], pl.FP32], a1: pl.Tensor[[3, 1], pl.FP32], a2: pl.Tensor[[3, 1], pl.FP32], a4: pl.Tensor[[3, 1], pl.FP32], a8: pl.Tensor[[3, 1], pl.FP32], a12: pl.Tensor[[3, 1], pl.FP32], a14: pl.Tensor[[1, 1], pl.FP32], a16: pl.Tensor[[1, 1], pl.FP32], a18: pl.Tensor[[3, 1], pl.FP32], out: pl.InOut[pl.Tensor[[3, 1], pl.FP32]]) -> pl.Tensor[[3, 1], pl.FP32]:
        r = self.kernel(a0, a1, a2, a4, a8, a12, a14, a16, a18, out)
        return r
