import pypto.language as pl

# Found by the libFuzzer pass harness (third round): 150 nested negations are within the parser's
# nesting limit of 200, but the printer wrote each inner one in parentheses, `-(-(...))`, which
# costs two levels apiece, so the printed program did not read back. It prints `- -n` now.
@pl.function(type=pl.FunctionType.Opaque)
def f(n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    y = ------------------------------------------------------------------------------------------------------------------------------------------------------n
    return y
