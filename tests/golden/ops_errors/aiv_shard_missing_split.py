# aiv shard missing split: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(acc: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc]):
    y = pl.aiv_shard(acc)
    return y
