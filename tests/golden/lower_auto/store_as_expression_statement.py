import pypto.language as pl

# A store written as an expression statement (no binding) is localized like a bound one
# (LEFT_RIGHT: the column offset moves).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def st(qk: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[64, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    pl.store(popped, [0, 0], out_0)
    return out_0
