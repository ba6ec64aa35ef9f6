import pypto.language as pl
import pypto.language.distributed as pld

# One waiter registers at most 64 conditions; a branch counts as registering in its larger arm.
@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, signal: pld.DistributedTensor[[65, 1], pl.INT32], me: pl.Scalar[pl.INDEX]):
        with pl.at(level=pl.Level.CORE_GROUP):
            for src in pl.range(65):
                if src != me:
                    pld.system.defer_wait(signal, offsets=[src, 0], expected=1, cmp=pld.WaitCmp.Ge)
