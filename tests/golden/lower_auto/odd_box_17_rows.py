import pypto.language as pl

# An odd box: both lanes get the ceil half (9 rows) as their box; lane 1 holds 8 valid rows.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def odd(qk: pl.Tile[[17, 128], pl.FP32, pl.Mem.Acc],
        out_0: pl.Out[pl.Tensor[[17, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    e = pl.exp(popped)
    return pl.store(e, [0, 0], out_0)
