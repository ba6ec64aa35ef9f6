import pypto.language as pl
import pypto.language.distributed as pld

# A waiter task completes only when its conditions hold: it cannot also resolve early.
@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, signal: pld.DistributedTensor[[1, 1], pl.INT32]):
        with pl.at(level=pl.Level.CORE_GROUP, allow_early_resolve=True) as tid:
            pld.system.defer_wait(signal, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Ge)
