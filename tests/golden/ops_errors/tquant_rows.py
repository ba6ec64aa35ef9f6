# tquant rows: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(q40: pl.Tile[[40, 128], pl.FP32, pl.Mem.Vec]):
    y = pl.tile.tquant_mx(q40)
    return y
