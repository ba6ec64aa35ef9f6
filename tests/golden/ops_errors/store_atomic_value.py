# store atomic value: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], x: pl.Tensor[[64, 128], pl.FP32]):
    y = pl.tile.store(a, [0, 0], x, atomic=2)
    return y
