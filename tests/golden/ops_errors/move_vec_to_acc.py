# move Vec to Acc: only a matmul writes Acc.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]):
    r = pl.tile.move(a, target_memory=pl.Mem.Acc)
    return r
