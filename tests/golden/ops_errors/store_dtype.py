# store dtype: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(h: pl.Tile[[64, 128], pl.FP16, pl.Mem.Vec], x: pl.Tensor[[64, 128], pl.FP32]):
    y = pl.tile.store(h, [0, 0], x)
    return y
