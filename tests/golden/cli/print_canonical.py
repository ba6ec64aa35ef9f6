# Short forms, comments and wrapped lines are read; the print is canonical.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def scale(x: pl.Tensor[[64, 128], pl.FP32],
          out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]):
    t = pl.load(x, [0, 0], [64, 128])   # unannotated: the deduced type is printed
    u = pl.mul(t, 2.0)
    return pl.store(u, [0, 0], out)
