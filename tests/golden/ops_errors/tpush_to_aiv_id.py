# tpush to aiv id: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(acc: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc]):
    pl.tile.tpush_to_aiv(acc, split=1, id=-1)
    return acc
