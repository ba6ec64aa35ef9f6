import pypto.language as pl

# [16, 16] -> [256, 1] -> [16, 16] inside the halved body.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def rs(qk: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    x = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    r = pl.tile.reshape(x, [256, 1])
    e = pl.exp(r)
    b = pl.tile.reshape(e, [16, 16])
    return pl.store(b, [0, 0], out)
