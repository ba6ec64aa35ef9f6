# reinterpret rank0: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(z: pl.Tile[[], pl.FP32, pl.Mem.Vec]):
    y = pl.tile.reinterpret_view(z, dtype=pl.INT32)
    return y
