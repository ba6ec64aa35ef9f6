import pypto.language as pl


# A @pl.jit function's shapes come from the call's tensors: read as a file it is refused, with
# the two ways to run it.
@pl.jit
def add_kernel(a: pl.Tensor, b: pl.Tensor, out: pl.Out[pl.Tensor]):
    with pl.at(level=pl.Level.CORE_GROUP):
        out[:] = pl.add(a, b)
    return out
