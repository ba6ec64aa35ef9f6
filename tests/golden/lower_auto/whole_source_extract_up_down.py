import pypto.language as pl

# A split extension (reject_extract_window_off_centre is the spec's refusal): rows [0, 8) of a
# halved 16-row tile are lane 0's band. After the round trip through the cube each lane extracts
# its half of the window from the whole tile: lane 0 rows 0..3, lane 1 rows 4..7.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def ex(qk: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]):
    x = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    s = pl.tile.extract(x, 0, 0, [8, 16])
    return pl.store(s, [0, 0], out)
