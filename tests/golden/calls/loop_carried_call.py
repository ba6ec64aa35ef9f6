import pypto.language as pl

# A call in a loop body rebinding an outer name: convert-to-ssa turns it into a loop carry.
@pl.program
class L:
    @pl.function
    def main(n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        r = n
        for i in pl.range(3):
            r = self.inc(r)
        return r

    @pl.function
    def inc(x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        return x + 1
