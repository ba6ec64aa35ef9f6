# aiv shard split code: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(acc: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc]):
    y = pl.tile.aiv_shard(acc, split=3)
    return y
