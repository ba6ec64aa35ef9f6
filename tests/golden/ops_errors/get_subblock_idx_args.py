# get subblock idx args: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(n: pl.Scalar[pl.INDEX]):
    y = pl.tile.get_subblock_idx(n)
    return y
