# gatherb rank: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(u32: pl.Tile[[64, 8], pl.UINT32, pl.Mem.Vec], r3: pl.Tile[[2, 64, 128], pl.FP32, pl.Mem.Vec]):
    y = pl.tile.gatherb(r3, u32)
    return y
