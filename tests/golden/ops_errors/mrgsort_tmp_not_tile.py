# mrgsort tmp not tile: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(s: pl.Scalar[pl.FP32], l0: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec]):
    y = pl.tile.mrgsort_format2(l0, l0, s)
    return y
