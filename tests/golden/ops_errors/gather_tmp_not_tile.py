# gather tmp not tile: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], k: pl.Tile[[64, 128], pl.INT32, pl.Mem.Vec], s: pl.Scalar[pl.FP32]):
    y = pl.tile.gather(a, k, s)
    return y
