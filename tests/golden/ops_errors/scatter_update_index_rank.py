# scatter update index rank: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(cache: pl.Tile[[256, 64], pl.FP16, pl.Mem.Vec], slots1: pl.Tile[[8], pl.INT32, pl.Mem.Vec], upd: pl.Tile[[8, 64], pl.FP16, pl.Mem.Vec]):
    y = pl.tile.scatter_update(cache, slots1, upd)
    return y
