# `run` of the read-modify-write of an InOut parameter: every element of `out` is written.
import pypto.language as pl


@pl.program
class Accumulate:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32],
             out: pl.InOut[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            out[:] = pl.add(out, x)
        return out
