import pypto.language as pl
import pypto.language.distributed as pld

# The runtime holds the conditions in a fixed table: their number must be known statically.
@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, signal: pld.DistributedTensor[[64, 1], pl.INT32], n: pl.Scalar[pl.INDEX]):
        with pl.at(level=pl.Level.CORE_GROUP):
            for src in pl.range(n):
                pld.system.defer_wait(signal, offsets=[src, 0], expected=1, cmp=pld.WaitCmp.Ge)
