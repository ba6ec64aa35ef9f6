import pypto.language as pl


# The parser goes on after an error in one function: every function's first error is reported.
@pl.function
def first(x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    y = x +
    return y


@pl.function
def fine(x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    return x * 2


@pl.function
def second(x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    return x + undefined_thing
