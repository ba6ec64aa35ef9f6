# aiv shard runtime cols: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(n: pl.Scalar[pl.INDEX], dyncols: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[64, n])]):
    y = pl.tile.aiv_shard(dyncols, split=1)
    return y
