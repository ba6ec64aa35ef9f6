# tile_gather_mask_columns: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(t: pl.Tile[[8, 30], pl.FP32, pl.Mem.Vec]):
    y = pl.tile.gather_mask(t, mask_pattern=3)
    return y
