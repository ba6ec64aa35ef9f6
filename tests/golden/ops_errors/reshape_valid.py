# reshape valid: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(part: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[40, 100])]):
    y = pl.tile.reshape(part, [128, 64])
    return y
