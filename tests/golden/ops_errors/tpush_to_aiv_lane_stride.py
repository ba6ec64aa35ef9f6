# tpush to aiv lane stride: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(acc16: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc]):
    pl.tile.tpush_to_aiv(acc16, split=3, lane_stride=9)
    return acc16
