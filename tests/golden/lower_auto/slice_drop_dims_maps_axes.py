import pypto.language as pl

# drop_dims: the pre-drop axis 1 of the [1, 128, 64] window is the result's axis 0.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def drop(qk: pl.Tile[[128, 64], pl.FP32, pl.Mem.Acc], full: pl.Tile[[2, 128, 64], pl.FP32, pl.Mem.Vec],
         out_0: pl.Out[pl.Tensor[[128, 64], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    w = pl.tile.slice(full, [1, 128, 64], [1, 0, 0], [], [0])
    s = pl.add(popped, w)
    return pl.store(s, [0, 0], out_0)
