# extract rank: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(r3: pl.Tile[[2, 64, 128], pl.FP32, pl.Mem.Vec]):
    y = pl.tile.extract(r3, 0, 0, [16, 16])
    return y
