# tile.assemble of a source that does not fit at its offsets: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.AIV)
def k(t: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec], v: pl.Tile[[8, 32], pl.FP32, pl.Mem.Vec]):
    y = pl.tile.assemble(t, v, [12, 0])
    return y
