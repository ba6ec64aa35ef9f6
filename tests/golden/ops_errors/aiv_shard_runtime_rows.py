# aiv shard runtime rows: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(n: pl.Scalar[pl.INDEX], dynrows: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[n, 100])]):
    y = pl.tile.aiv_shard(dynrows, split=0)
    return y
