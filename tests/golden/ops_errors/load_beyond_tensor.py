# load beyond tensor: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[64, 128], pl.FP32]):
    y = pl.tile.load(x, [32, 0], [64, 128])
    return y
