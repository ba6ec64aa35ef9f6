import pypto.language as pl
import pypto.language.distributed as pld

# A deferred wait polls a monotonic counter: only Ge is meaningful.
@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, signal: pld.DistributedTensor[[1, 1], pl.INT32]):
        with pl.at(level=pl.Level.CORE_GROUP):
            pld.system.defer_wait(signal, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Eq)
