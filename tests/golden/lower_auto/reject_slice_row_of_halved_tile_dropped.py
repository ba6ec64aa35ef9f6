import pypto.language as pl

# One row of a halved tile, its axis dropped: the row lives in lane 1's band only. Refused without
# the split extensions (whole_source_slice_row_dropped splits it).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def row(qk: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[1, 16], pl.FP32]]):
    x = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    r = pl.tile.slice(x, [1, 16], [11, 0], [], [0])
    return pl.store(r, [0, 0], out)
