# tile.concat after a src0 valid on 100 of its 128 columns: the joined tile would have undefined
# elements inside its valid part, so the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], b: pl.Tile[[64, 32], pl.FP32, pl.Mem.Vec]):
    part = pl.tile.set_validshape(a, 64, 100)
    y = pl.tile.concat(part, b)
    return y
