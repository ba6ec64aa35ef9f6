# reinterpret none box: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(nb: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.none_box)]):
    y = pl.tile.reinterpret_view(nb, dtype=pl.INT32)
    return y
