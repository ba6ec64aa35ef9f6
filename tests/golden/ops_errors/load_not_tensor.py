# load not tensor: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec]):
    y = pl.tile.load(a, [0, 0], [64, 128])
    return y
