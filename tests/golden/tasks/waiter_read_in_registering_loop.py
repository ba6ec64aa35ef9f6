import pypto.language as pl
import pypto.language.distributed as pld

# A read in a registering loop runs, in its second iteration, after the first registration.
@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, signal: pld.DistributedTensor[[2, 1], pl.INT32], t: pl.Tensor[[2], pl.INT32]):
        with pl.at(level=pl.Level.CORE_GROUP):
            for src in pl.range(2):
                wanted = pl.read(t, [src])
                pld.system.defer_wait(signal, offsets=[src, 0], expected=wanted, cmp=pld.WaitCmp.Ge)
