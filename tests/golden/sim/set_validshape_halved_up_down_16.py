import pypto.language as pl

# set_validshape(16, 16) of a tile split UP_DOWN: each lane keeps its own part of the extent.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def sv(qk: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    x = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    v = pl.tile.set_validshape(x, 16, 16)
    e = pl.exp(v)
    return pl.store(e, [0, 0], out)
