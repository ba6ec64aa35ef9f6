import pypto.language as pl

# A runtime extent set on a halved tile: each lane clamps it to its own band.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def sv(qk: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    x = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    v = pl.tile.set_validshape(x, n, 16)
    return pl.store(v, [0, 0], out)
