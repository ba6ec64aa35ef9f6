# maximums not tile: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[64, 128], pl.FP32]):
    y = pl.tile.maximums(x, 0.0)
    return y
