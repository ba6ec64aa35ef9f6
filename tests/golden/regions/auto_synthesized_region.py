import pypto.language as pl

# AUTO region synthesis: after lowering, the single straight-line vector phase (shard, add,
# store) is wrapped in a region; the lane binding moves in since nothing outside reads it.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def split_auto(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc],
               out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.add(popped, popped)
    o = pl.store(y, [0, 0], out_0)
    return o
