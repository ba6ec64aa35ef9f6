# The same read-modify-write written with pl.assemble, into an accumulator the caller passes, then
# a second update of the value the first one made: both windows reach the caller's tensor.
import pypto.language as pl


@pl.program
class Accumulate:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32],
             acc: pl.InOut[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            acc = pl.assemble(acc, pl.add(acc, x), [0, 0])
            acc = pl.assemble(acc, pl.mul(acc, x), [0, 0])
        return acc
