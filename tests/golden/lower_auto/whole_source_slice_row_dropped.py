import pypto.language as pl

# A split extension (reject_slice_row_of_halved_tile_dropped is the spec's refusal): row 11, its
# axis dropped, lives in lane 1's band only. From the whole tile both lanes take the same row; a
# singleton on the split axis stays whole, like any broadcast along the split.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def row(qk: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[1, 16], pl.FP32]]):
    x = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    r = pl.tile.slice(x, [1, 16], [11, 0], [], [0])
    return pl.store(r, [0, 0], out)
