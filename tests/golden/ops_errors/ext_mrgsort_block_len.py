# TMRGSORT's single-list sort with a block length that is no multiple of 64.
import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore)
def k(s: pl.Tile[[1, 256], pl.FP32, pl.Mem.Vec]):
    y = pl.tile.mrgsort(s, block_len=32)
    return y
