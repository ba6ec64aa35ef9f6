# A whole program with no InCore kernel and no CORE_GROUP scope: check still lowers and checks
# it from its entry (as pypto.runtime.run(..., check=True) does) rather than refusing it.
import pypto.language as pl


@pl.program
class NoKernel:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        y = pl.exp(x)
        return y
