# scatter update src 4d: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(cache4: pl.Tile[[4, 16, 1, 64], pl.FP16, pl.Mem.Vec], slots: pl.Tile[[2, 4], pl.INT32, pl.Mem.Vec], upd4: pl.Tile[[2, 4, 2, 64], pl.FP16, pl.Mem.Vec]):
    y = pl.tile.scatter_update(cache4, slots, upd4)
    return y
