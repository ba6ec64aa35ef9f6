# matmul valid k: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(l: pl.Tile[[64, 32], pl.FP16, pl.Mem.Left], rv: pl.Tile[[32, 128], pl.FP16, pl.Mem.Right, pl.TileView(valid_shape=[16, 128])]):
    y = pl.tile.matmul(l, rv)
    return y
