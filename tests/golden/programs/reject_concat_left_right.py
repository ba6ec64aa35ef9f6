# pl.concat joins along the columns, which LEFT_RIGHT splits between the lanes: each lane would
# hold the left halves of both operands side by side, not the left half of the joined tile, so the
# split is rejected at the concat.
import pypto.language as pl


@pl.program
class ConcatLeftRight:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(self, a: pl.Tensor[[32, 32], pl.FP32], b: pl.Tensor[[32, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[32, 128], pl.FP32]]) -> pl.Tensor[[32, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.LEFT_RIGHT)]):
            p = pl.matmul(a, b)
            out = pl.assemble(out, pl.concat(p, pl.exp(p)), [0, 0])
        return out
