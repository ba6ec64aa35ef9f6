# aiv shard left right narrow cols: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(accp: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[64, 100])]):
    y = pl.tile.aiv_shard(accp, split=2)
    return y
