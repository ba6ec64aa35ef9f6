import pypto.language as pl

# A split extension: the 13-row window at row 2 is not lane-aligned and odd. From the whole tile
# each lane takes a 7-row band, lane 0 rows 2..8 and lane 1 rows 9..15 with 6 of them valid: the
# pad row fits inside the 16-row source (fuzz/whole_source_odd_window_past_the_box has no room
# for it and stays refused).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def odd(qk: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    x = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    s = pl.tile.slice(x, [13, 16], [2, 0])
    e = pl.tile.maximums(s, 2.0)
    return pl.store(e, [2, 0], out)
