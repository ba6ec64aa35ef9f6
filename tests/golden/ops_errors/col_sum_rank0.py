# col sum rank0: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(z: pl.Tile[[], pl.FP32, pl.Mem.Vec]):
    y = pl.tile.col_sum(z)
    return y
