import pypto.language as pl

# A scope whose values are not read after it: the call is a statement; the parent goes on.
@pl.program
class NoResult:
    @pl.function
    def k(a: pl.Tensor[[64, 64], pl.FP32], out_0: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="fill"):
            t = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Vec)
            o = pl.store(t, [0, 0], out_0)
        u = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Vec)
        return
