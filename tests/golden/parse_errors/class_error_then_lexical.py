import pypto.language as pl


# An error in one method and a lexical error (an unclosed bracket) in a later one: the methods
# before the lexical error are parsed and their errors reported, then the lexical error, which
# hides whatever follows it.
@pl.program
class ErrorThenLexical:
    @pl.function(type=pl.FunctionType.Opaque)
    def first(self, x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        return x + undefined_in_first

    @pl.function(type=pl.FunctionType.Opaque)
    def second(self, x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        y = (x +
        return y
