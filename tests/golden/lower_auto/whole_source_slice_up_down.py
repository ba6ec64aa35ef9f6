import pypto.language as pl

# A split extension (defects/01_slice_window_of_halved_tile is the spec's refusal): rows 2..5 of a
# 16-row cube result lie in lane 0's band only. Both lanes' halves cross to the cube (a gather)
# and back whole (a split=0 shard); each lane then takes its half of the window from the whole
# tile, as it would from any full-width tile: lane 0 rows 2..3, lane 1 rows 4..5.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def win(qk: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[4, 16], pl.FP32]]):
    x = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    s = pl.tile.slice(x, [4, 16], [2, 0])
    return pl.store(s, [0, 0], out)
