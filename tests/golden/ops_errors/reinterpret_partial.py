# reinterpret partial: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(part: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[40, 100])]):
    y = pl.tile.reinterpret_view(part, [128, 128], dtype=pl.FP16)
    return y
