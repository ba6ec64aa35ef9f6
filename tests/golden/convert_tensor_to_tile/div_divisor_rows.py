# A division by an [M, 1] column whose valid rows do not cover the dividend's: the row broadcast
# (tile.row_expand_div) would divide the dividend's last valid rows by undefined values.
import pypto.language as pl


@pl.program
class ShortDivisor:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[8, 16], pl.FP32], row: pl.Tensor[[8, 1], pl.FP32]) -> pl.Tensor[[8, 16], pl.FP32]:
        xs = pl.tensor.slice(x, [8, 16], [0, 0], [7, 16])
        rs = pl.tensor.slice(row, [8, 1], [0, 0], [6, 1])
        z = pl.div(xs, rs)
        return z

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[8, 16], pl.FP32], row: pl.Tensor[[8, 1], pl.FP32]) -> pl.Tensor[[8, 16], pl.FP32]:
        r = self.kernel(x, row)
        return r
