# tquant cols: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(q48: pl.Tile[[64, 48], pl.FP32, pl.Mem.Vec]):
    y = pl.tile.tquant_mx(q48)
    return y
