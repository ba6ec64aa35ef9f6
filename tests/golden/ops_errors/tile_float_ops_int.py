# sin / cos / fmod / arg-reductions on INT32 tiles or with a wrong scratch: every call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(t: pl.Tile[[64, 128], pl.INT32, pl.Mem.Vec], v: pl.Tile[[64, 128], pl.INT32, pl.Mem.Vec]):
    y0 = pl.tile.sin(t)
    y1 = pl.tile.cos(t)
    y2 = pl.tile.fmod(t, v)
    y3 = pl.tile.fmods(t, 2.0)
    y4 = pl.tile.col_argmax(t, pl.tile.create([1, 128], dtype=pl.INT32, target_memory=pl.Mem.Vec))
    y5 = pl.tile.col_argmin(t, pl.tile.create([1, 128], dtype=pl.INT32, target_memory=pl.Mem.Vec))
    return y0
