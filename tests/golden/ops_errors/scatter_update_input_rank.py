# scatter update input rank: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(r3: pl.Tile[[2, 64, 128], pl.FP32, pl.Mem.Vec], slots: pl.Tile[[2, 4], pl.INT32, pl.Mem.Vec], upd: pl.Tile[[8, 64], pl.FP16, pl.Mem.Vec]):
    y = pl.tile.scatter_update(r3, slots, upd)
    return y
