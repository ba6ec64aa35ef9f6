import pypto.language as pl

# 16 rows halve to 8, and tquant_mx needs M % 16 == 0: the operator refuses the per-lane operand.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def q(qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[16, 64], pl.FP8E4M3FN]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    pair = pl.tile.tquant_mx(v)
    return pl.store(pair[0], [0, 0], out_0)
