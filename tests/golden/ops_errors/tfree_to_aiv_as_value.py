# tfree to aiv as value: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(mat: pl.Tile[[64, 64], pl.FP16, pl.Mem.Mat]):
    y = pl.system.tfree_to_aiv(mat, split=1)
    return y
