# scatter update src rows: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(cache: pl.Tile[[256, 64], pl.FP16, pl.Mem.Vec], slots: pl.Tile[[2, 4], pl.INT32, pl.Mem.Vec], upd16: pl.Tile[[16, 64], pl.FP16, pl.Mem.Vec]):
    y = pl.tile.scatter_update(cache, slots, upd16)
    return y
