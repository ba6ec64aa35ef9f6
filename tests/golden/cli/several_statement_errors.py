import pypto.language as pl


# After an error in a statement the parser goes on with the next statement of the function.
# A later use of a name the failed statement would have bound ('y') is not reported again, but
# an independent error is.
@pl.function
def f(x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    y = x + nowhere
    z = y * 2
    w = x * missing
    return z + w
