# The lowered form of the read-modify-write: the sum is stored into `out` itself, and the kernel
# returns that store (the orchestration's result is the caller's tensor), with no ret0_out.
import pypto.language as pl


@pl.program
class Accumulate:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32],
             out: pl.InOut[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            out[:] = pl.add(out, x)
        return out
