import pypto.language as pl

# A split extension (reject_concat_left_right is the spec's refusal): pl.concat joins along the
# columns LEFT_RIGHT halves. Both operands come back whole, both lanes join them and keep their
# band of the joined columns.


@pl.program
class ConcatLeftRight:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(self, a: pl.Tensor[[32, 32], pl.FP32], b: pl.Tensor[[32, 64], pl.FP32],
             out: pl.Out[pl.Tensor[[32, 128], pl.FP32]]) -> pl.Tensor[[32, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.LEFT_RIGHT)]):
            p = pl.matmul(a, b)
            out = pl.assemble(out, pl.concat(p, pl.exp(p)), [0, 0])
        return out
