# bitwise tile ops on FP32 tiles: every call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(t: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], v: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec]):
    y0 = pl.tile.and_(t, v)
    y1 = pl.tile.or_(t, v)
    y2 = pl.tile.shl(t, v)
    y3 = pl.tile.shr(t, v)
    y4 = pl.tile.ands(t, 1)
    y5 = pl.tile.ors(t, 1)
    y6 = pl.tile.shls(t, 1)
    y7 = pl.tile.shrs(t, 1)
    y8 = pl.tile.xor(t, v)
    y9 = pl.tile.xors(t, 1)
    return y0
