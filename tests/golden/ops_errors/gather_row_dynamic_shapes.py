# gather row dynamic shapes: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(n: pl.Scalar[pl.INDEX], x: pl.Tensor[[64, 128], pl.FP32], dst: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec]):
    y = pl.tile.gather_row(dst, x, [0, 0], [0, 0], [n, 128])
    return y
