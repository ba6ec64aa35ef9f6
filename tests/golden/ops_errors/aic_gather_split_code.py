# aic gather split code: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(ub: pl.Tile[[32, 128], pl.FP16, pl.Mem.Vec]):
    y = pl.aic_gather(ub, split=4)
    return y
