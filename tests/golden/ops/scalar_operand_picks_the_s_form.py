import pypto.language as pl

# PyPTO's dispatcher: a scalar second operand picks the operator's scalar form, registered under
# its name and an 's' (rem -> rems, fmod -> fmods, maximum -> maximums, minimum -> minimums).
@pl.function(type=pl.FunctionType.Opaque)
def main(x: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        r = pl.rem(x, 3.0)
        f = pl.fmod(r, 2.5)
        m = pl.maximum(f, -1.0)
        n = pl.minimum(m, 1.5)
        out = pl.assemble(out, n, [0, 0])
    return out
