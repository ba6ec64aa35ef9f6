# A precise division by an [M, 1] column: the row broadcast lowers to tile.row_expand_div, which
# has no precise path, so the conversion refuses rather than drop high_precision.
import pypto.language as pl


@pl.program
class PreciseRows:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[32, 64], pl.FP32],
               row: pl.Tensor[[32, 1], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        z = pl.div(x, row, high_precision=True)
        return z

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 64], pl.FP32],
             row: pl.Tensor[[32, 1], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        r = self.kernel(x, row)
        return r
