import pypto.language as pl

# A 17-row boundary: lanes get 9 and 8 rows, transported with the odd code 3.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def odd_box(qk: pl.Tile[[17, 64], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[17, 64], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.mul(popped, popped)
    return pl.store(y, [0, 0], out_0)
