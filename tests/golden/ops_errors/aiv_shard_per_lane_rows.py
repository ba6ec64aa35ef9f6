# aiv shard per lane rows: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(accr: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[40, 100])]):
    y = pl.tile.aiv_shard(accr, split=1)
    return y
