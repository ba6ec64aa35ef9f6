# The read-modify-write of 28 on an Out parameter: `out` holds nothing of the caller's, so the
# sum reads undefined elements. The run goes ahead (it is a valid program), with a located
# warning at the read naming pl.InOut, and reports every element written undefined.
import pypto.language as pl


@pl.program
class Accumulate:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32],
             out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            out[:] = pl.add(out, x)
        return out
