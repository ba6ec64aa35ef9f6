# move Left to Vec: no data path leaves the cube's operand buffers.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Left]):
    v = pl.tile.move(a, target_memory=pl.Mem.Vec)
    return v
