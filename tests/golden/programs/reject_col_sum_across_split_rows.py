# A column sum at tensor level under UP_DOWN: the rows are split across the lanes, and a column
# sum on each lane would leave a partial sum, so the split refuses it at the reduction.
import pypto.language as pl


@pl.program
class ColsumMixed:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(self, a: pl.Tensor[[32, 32], pl.FP32], b: pl.Tensor[[32, 64], pl.FP32],
             colsum: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> pl.Tensor[[1, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            p = pl.matmul(a, b)
            colsum = pl.assemble(colsum, pl.col_sum(pl.exp(p)), [0, 0])
        return colsum
