# mrgsort arity: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(l0: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec], t2: pl.Tile[[1, 512], pl.FP32, pl.Mem.Vec]):
    y = pl.tile.mrgsort_format2(l0, t2)
    return y
