# tile.part_mul where neither valid region covers the other.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], b: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec],
      i: pl.Tile[[64, 128], pl.INT32, pl.Mem.Vec], h: pl.Tile[[64, 128], pl.FP16, pl.Mem.Vec],
      s: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec]):
    u = pl.tile.set_validshape(a, 32, 128)
    v = pl.tile.set_validshape(b, 64, 64)
    y = pl.tile.part_mul(u, v)
    return y
