# drop_dims may remove only an axis of extent 1: the window's axis 0 has 2 rows.
import pypto.language as pl


@pl.program
class DropNonUnit:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[3, 64], pl.FP32]) -> pl.Tensor[[2, 64], pl.FP32]:
        rows = pl.slice(x, [2, 64], [1, 0], [2, 64], [0])
        return rows
