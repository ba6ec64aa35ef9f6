# A whole-tensor read-modify-write of an InOut parameter inside a CORE_GROUP scope. The write must
# reach the caller's tensor: the kernel stores the sum through to `out` itself (no fresh Out
# parameter the orchestration would drop), and check proves it.
import pypto.language as pl


@pl.program
class Accumulate:
    @pl.function(type=pl.FunctionType.Opaque)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32],
             out: pl.InOut[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            out[:] = pl.add(out, x)
        return out
