# tpush to aic not tile: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[64, 128], pl.FP32]):
    pl.tile.tpush_to_aic(x, split=1)
    return x
