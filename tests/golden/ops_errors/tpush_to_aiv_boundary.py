# tpush to aiv boundary: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(accp: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[64, 100])]):
    pl.tile.tpush_to_aiv(accp, split=4)
    return accp
