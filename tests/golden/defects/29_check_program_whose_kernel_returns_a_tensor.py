# An InCore kernel returning a computed tensor: the lowering gives it an Out parameter that only
# the orchestration binds, so check enters at the program's entry (main) and compares what main
# returns, equal, instead of running the kernel alone.
import pypto.language as pl


@pl.program
class ReturnsATile:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, x: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        m = pl.row_max(x)
        e = pl.exp(pl.sub(x, m))
        return e

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        y = self.kernel(x)
        return y
