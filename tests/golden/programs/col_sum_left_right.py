# A column sum at tensor level under LEFT_RIGHT: each lane sums its own columns in full.
import pypto.language as pl


@pl.program
class ColsumLeftRight:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(self, a: pl.Tensor[[32, 32], pl.FP32], b: pl.Tensor[[32, 64], pl.FP32],
             colsum: pl.Out[pl.Tensor[[1, 64], pl.FP32]]) -> pl.Tensor[[1, 64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.LEFT_RIGHT)]):
            p = pl.matmul(a, b)
            colsum = pl.assemble(colsum, pl.col_sum(pl.exp(p)), [0, 0])
        return colsum
