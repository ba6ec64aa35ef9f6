import pypto.language as pl
import pypto.language.distributed as pld

# A waiter keeps scalars only: binding a tensor would make it a payload task.
@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, signal: pld.DistributedTensor[[1, 1], pl.INT32], x: pl.Tensor[[64], pl.FP32]):
        with pl.at(level=pl.Level.CORE_GROUP):
            t = pl.load(x, [0], [64])
            pld.system.defer_wait(signal, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Ge)
