# create transpose not mat: the call below is rejected.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec]):
    y = pl.tile.create([16, 16], dtype=pl.FP16, transpose=True)
    return y
