# tile.sort32 of 40 valid columns without a tmp tile: the last block of 8 has nothing to pad it.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(s: pl.Tile[[8, 64], pl.FP32, pl.Mem.Vec], i: pl.Tile[[8, 64], pl.UINT32, pl.Mem.Vec]):
    ragged = pl.tile.set_validshape(s, 8, 40)
    y = pl.tile.sort32(ragged, i)
    return y
