# tile.lrelu on an integer tile.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], b: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec],
      i: pl.Tile[[64, 128], pl.INT32, pl.Mem.Vec], h: pl.Tile[[64, 128], pl.FP16, pl.Mem.Vec],
      s: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec]):
    y = pl.tile.lrelu(i, 1)
    return y
