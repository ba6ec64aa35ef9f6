import pypto.language as pl

# Calls nested in store operands, in other vector ops and in the return expression.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def nested(b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out1: pl.Out[pl.Tensor[[16, 16], pl.FP32]], out2: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    y = pl.tile.move(b, target_memory=pl.Mem.Vec)
    pl.store(pl.mul(pl.exp(y), 2.0), [0, 0], out2)
    return pl.store(pl.add(pl.exp(y), pl.tile.move(b, target_memory=pl.Mem.Vec)), [0, 0], out1)
