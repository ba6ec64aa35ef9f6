# gatherb src dtype: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(u32: pl.Tile[[64, 8], pl.UINT32, pl.Mem.Vec], bo: pl.Tile[[64, 128], pl.BOOL, pl.Mem.Vec]):
    y = pl.tile.gatherb(bo, u32)
    return y
