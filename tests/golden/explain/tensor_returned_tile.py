# A tensor-level InCore kernel that returns its result: the entry load of x (located at the
# parameter), the row reduction with its scratch tile, the [M, 1] operand as row_expand_sub, and
# the store of the returned tile into the Out parameter the conversion adds (located at the return).
import pypto.language as pl


@pl.program
class RowShift:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        m = pl.row_max(x)
        d = pl.sub(x, m)
        e = pl.exp(d)
        return e

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        y = self.kernel(x)
        return y
