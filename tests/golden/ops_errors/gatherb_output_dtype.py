# gatherb output dtype: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], u32: pl.Tile[[64, 8], pl.UINT32, pl.Mem.Vec]):
    y = pl.tile.gatherb(a, u32, output_dtype=pl.INT64)
    return y
