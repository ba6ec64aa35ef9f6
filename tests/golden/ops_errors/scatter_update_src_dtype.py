# scatter update src dtype: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(cache: pl.Tile[[256, 64], pl.FP16, pl.Mem.Vec], slots: pl.Tile[[2, 4], pl.INT32, pl.Mem.Vec], updf: pl.Tile[[8, 64], pl.FP32, pl.Mem.Vec]):
    y = pl.tile.scatter_update(cache, slots, updf)
    return y
