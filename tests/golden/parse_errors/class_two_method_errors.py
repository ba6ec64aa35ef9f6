import pypto.language as pl


# Two independent errors in two methods of a program class: the parser recovers per method, so
# both are reported; the method between them is fine.
@pl.program
class TwoErrors:
    @pl.function(type=pl.FunctionType.Opaque)
    def first(self, x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        y = x + undefined_in_first
        return y

    @pl.function(type=pl.FunctionType.Opaque)
    def fine(self, x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        return x

    @pl.function(type=pl.FunctionType.Opaque)
    def second(self, x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        return x * pl.no_such_op(x)
