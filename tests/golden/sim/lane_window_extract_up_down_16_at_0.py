import pypto.language as pl

# tile.extract of rows [0, 16) of a halved 16-row tile.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def ex(qk: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    x = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    s = pl.tile.extract(x, 0, 0, [16, 16])
    return pl.store(s, [0, 0], out)
