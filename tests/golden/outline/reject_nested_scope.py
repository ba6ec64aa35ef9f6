import pypto.language as pl

# A CORE_GROUP scope inside another: the outer body already runs as one kernel, so the inner
# scope (its name_hint, its optimizations) would be lost: NoNestedInCore refuses it there.
@pl.program
class Nested:
    @pl.function
    def main(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
        with pl.at(level=pl.Level.CORE_GROUP):
            t = pl.load(x, [0, 0], [64, 64])
            with pl.at(level=pl.Level.CORE_GROUP):
                o = pl.store(t, [0, 0], out)
        return
