# gather row dtype: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(x: pl.Tensor[[64, 128], pl.FP32], dsth: pl.Tile[[16, 128], pl.FP16, pl.Mem.Vec]):
    y = pl.tile.gather_row(dsth, x, [0, 0], [0, 0], [16, 128])
    return y
