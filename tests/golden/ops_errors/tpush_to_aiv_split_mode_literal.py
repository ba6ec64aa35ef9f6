# tpush to aiv split mode literal: a pipe op's split is a transport code, not a split mode.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(acc: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc]):
    pl.tile.tpush_to_aiv(acc, split=pl.SplitMode.UP_DOWN)
    return acc
