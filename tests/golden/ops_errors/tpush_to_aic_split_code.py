# tpush to aic split code: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(ub: pl.Tile[[32, 128], pl.FP16, pl.Mem.Vec]):
    pl.tile.tpush_to_aic(ub, split=9)
    return ub
