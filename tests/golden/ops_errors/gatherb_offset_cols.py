# gatherb offset cols: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], u32c12: pl.Tile[[64, 12], pl.UINT32, pl.Mem.Vec]):
    y = pl.tile.gatherb(a, u32c12)
    return y
