# tfree to aic not tile: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(s: pl.Scalar[pl.FP32]):
    pl.system.tfree_to_aic(s, split=1)
    return s
