import pypto.language as pl

# Columns [0, 16) of a 16-column cube result split LEFT_RIGHT.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def win(qk: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]):
    x = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    s = pl.tile.slice(x, [8, 16], [8, 0])
    return pl.store(s, [0, 0], out)
