import pypto.language as pl

# A vector op nested in a store operand: hoisted into its own statement, halved and stored per
# lane.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def nested(b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out1: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    y = pl.tile.move(b, target_memory=pl.Mem.Vec)
    return pl.store(pl.add(y, y), [0, 0], out1)
