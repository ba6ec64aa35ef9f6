# aiv shard lane stride zero: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(acc16: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc]):
    y = pl.tile.aiv_shard(acc16, split=1, lane_stride=0)
    return y
