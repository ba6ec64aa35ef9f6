# A matmul's rows joined with their exponentials along the columns (pl.concat), split UP_DOWN:
# each lane joins its own rows, so the split program equals the unsplit one.
import pypto.language as pl


@pl.program
class ConcatUpDown:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(self, a: pl.Tensor[[32, 32], pl.FP32], b: pl.Tensor[[32, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[32, 128], pl.FP32]]) -> pl.Tensor[[32, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            p = pl.matmul(a, b)
            out = pl.assemble(out, pl.concat(p, pl.exp(p)), [0, 0])
        return out
