# ci last dim: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec]):
    y = pl.tile.ci(0, [1, 1], dtype=pl.INT32)
    return y
