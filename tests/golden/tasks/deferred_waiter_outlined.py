import pypto.language as pl
import pypto.language.distributed as pld

# A deferred-completion waiter (docs/task-model.md): the publisher sets the signal, the waiter
# registers one condition per source row (a constant-trip loop, a branch and a carried scalar
# threshold are bookkeeping), and the consumer lists the waiter in deps=.
@pl.program
class Waiter:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(
        self,
        signal: pld.DistributedTensor[[4, 1], pl.INT32],
        x: pl.Tensor[[64], pl.FP32],
        out: pl.Out[pl.Tensor[[64], pl.FP32]],
    ) -> pl.Tensor[[64], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="publish"):
            for src in pl.range(4):
                pld.system.notify(signal, 0, [src, 0], 5, op=pld.NotifyOp.Set)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="wait_rows") as wait_tid:
            wanted = 1
            for src in pl.range(4):
                if src != 2:
                    pld.system.defer_wait(signal, offsets=[src, 0], expected=wanted, cmp=pld.WaitCmp.Ge)
                wanted = pl.min(wanted + 1, 5)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="consume", deps=[wait_tid]):
            t = pl.load(x, [0], [64])
            out = pl.store(pl.add(t, t), [0], out)
        return out
