# tile_scatter_mask_shape: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(t: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec], d: pl.Tile[[8, 16], pl.FP32, pl.Mem.Vec]):
    y = pl.tile.scatter_mask(t, d, mask_pattern=1)
    return y
