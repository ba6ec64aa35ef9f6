import pypto.language as pl

# Reproducer 11: a 2^31-row tile parameter is rejected at the annotation (the simulator used to
# try to materialise it).
@pl.function(type=pl.FunctionType.InCore)
def k(q: pl.Tile[[2147483648, 128], pl.FP32, pl.Mem.Acc]):
    pl.tile.tpush_to_aiv(q, split=3, lane_stride=9)
    return q
