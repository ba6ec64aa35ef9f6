# scatter update index dtype: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(cache: pl.Tile[[256, 64], pl.FP16, pl.Mem.Vec], fslots: pl.Tile[[2, 4], pl.FP32, pl.Mem.Vec], upd: pl.Tile[[8, 64], pl.FP16, pl.Mem.Vec]):
    y = pl.tile.scatter_update(cache, fslots, upd)
    return y
