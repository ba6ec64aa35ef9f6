# aiv shard rank: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(acc1: pl.Tile[[128], pl.FP32, pl.Mem.Acc]):
    y = pl.tile.aiv_shard(acc1, split=1)
    return y
