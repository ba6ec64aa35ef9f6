# aiv shard not tile: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[64, 128], pl.FP32]):
    y = pl.tile.aiv_shard(x, split=1)
    return y
