import pypto.language as pl
import pypto.language.distributed as pld

# The waiter kernel is not resumed once it has registered: a tensor read after the first
# registration could not be ordered by the conditions.
@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, signal: pld.DistributedTensor[[1, 1], pl.INT32], t: pl.Tensor[[2], pl.INT32]):
        with pl.at(level=pl.Level.CORE_GROUP):
            first = pl.read(t, [0])
            pld.system.defer_wait(signal, offsets=[0, 0], expected=first, cmp=pld.WaitCmp.Ge)
            second = pl.read(t, [1])
