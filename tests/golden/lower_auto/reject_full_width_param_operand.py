import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def split_auto(qk: pl.Tile[[256, 128], pl.FP32, pl.Mem.Acc],
               vec: pl.Tile[[256, 128], pl.FP32, pl.Mem.Vec],
               out_0: pl.Out[pl.Tensor[[256, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    vec_h = pl.tile.add(vec, vec)
    s = pl.add(popped, vec_h)
    return pl.store(s, [0, 0], out_0)
