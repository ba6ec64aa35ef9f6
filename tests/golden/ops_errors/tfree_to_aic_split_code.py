# tfree to aic split code: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(ub: pl.Tile[[32, 128], pl.FP16, pl.Mem.Vec]):
    pl.system.tfree_to_aic(ub, split=7)
    return ub
