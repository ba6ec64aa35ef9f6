# A tensor-level program whose pl.split scope holds vector work only: nothing crosses between
# the cores, so nothing is split across the lanes, and check says so under its verdict.
import pypto.language as pl


@pl.program
class VectorOnly:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32],
             out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
            out[:] = pl.exp(x)
        return out
