# load offset float: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[64, 128], pl.FP32], s: pl.Scalar[pl.FP32]):
    y = pl.tile.load(x, [s, 0], [64, 128])
    return y
