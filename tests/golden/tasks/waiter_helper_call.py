import pypto.language as pl
import pypto.language.distributed as pld

# Only tensor.read and scalar arithmetic compute the waiter values: a function call is refused.
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def helper(self, v: pl.Scalar[pl.INT32]) -> pl.Scalar[pl.INT32]:
        return v

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, signal: pld.DistributedTensor[[1, 1], pl.INT32], e: pl.Scalar[pl.INT32]):
        with pl.at(level=pl.Level.CORE_GROUP):
            hidden = self.helper(e)
            pld.system.defer_wait(signal, offsets=[0, 0], expected=hidden, cmp=pld.WaitCmp.Ge)
