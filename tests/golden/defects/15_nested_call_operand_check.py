import pypto.language as pl

# pl.add(pl.exp(y), y): the nested call is hoisted and halved like a named intermediate.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def nested(b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out1: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    y = pl.tile.move(b, target_memory=pl.Mem.Vec)
    z = pl.add(pl.exp(y), y)
    return pl.store(z, [0, 0], out1)
