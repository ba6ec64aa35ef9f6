# Entry loads, a [M, 1] operand as tile.row_expand_sub, a row reduction with its padded scratch,
# and the returned tile stored into a new Out parameter created at the call site.
import pypto.language as pl


@pl.program
class Softmaxish:
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
