import pypto.language as pl
import pypto.language.distributed as pld

@pl.function(type=pl.FunctionType.Orchestration)
def main(signal: pld.DistributedTensor[[1, 1], pl.INT32]):
    with pl.spmd(1, allow_early_resolve=True):
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="nested_waiter"):
            pld.system.defer_wait(signal, offsets=[0, 0], expected=1, cmp=pld.WaitCmp.Ge)
