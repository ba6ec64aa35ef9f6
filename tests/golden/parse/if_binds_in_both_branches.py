# A name first bound in both branches of an if is known after it (as in Python): the two bindings
# are one variable, which the SSA conversion merges like a rebound one. It works through an elif
# chain, for a binding inside a pl.at scope of a branch, and next to a rebound outer name.
import pypto.language as pl


@pl.function
def main(x: pl.Tensor[[64], pl.FP32], c: pl.Scalar[pl.BOOL], d: pl.Scalar[pl.BOOL]) -> pl.Tensor[[64], pl.FP32]:
    acc = x
    if c:
        with pl.at(level=pl.Level.CORE_GROUP):
            y: pl.Tensor[[64], pl.FP32] = pl.add(x, x)
        acc = pl.mul(acc, x)
    else:
        y: pl.Tensor[[64], pl.FP32] = pl.mul(x, x)
    if d:
        z = pl.exp(y)
    elif c:
        z = pl.neg(y)
    else:
        z = y
    return pl.add(pl.add(z, acc), y)
