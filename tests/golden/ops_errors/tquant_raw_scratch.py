# tquant raw scratch: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], scr: pl.Tile[[1, 128], pl.FP32, pl.Mem.Vec]):
    y = pl.tile.tquant_mx_raw(a, scr)
    return y
