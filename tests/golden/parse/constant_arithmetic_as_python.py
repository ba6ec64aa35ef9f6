import pypto.language as pl

# Arithmetic on constants folds as Python folds it, since PyPTO evaluates a module constant's
# arithmetic in Python before the program is built: an integer and a float give a float, and '/'
# of two integers is a float division. Arithmetic on runtime scalars keeps the typing rules.
HIDDEN = 128
HALF = HIDDEN / 2


@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[16, 128], pl.FP32], out: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    t = pl.load(x, [0, 0], [16, 128])
    a = pl.muls(t, 1.0 / HIDDEN)
    b = pl.adds(a, HALF)
    c = pl.muls(b, 3 * 0.5)
    d = pl.adds(c, 7 // 2 + 0.25)
    return pl.store(d, [0, 0], out)
