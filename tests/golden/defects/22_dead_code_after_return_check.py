import pypto.language as pl

# Reproducer 22: a statement after `return` never runs; it is a located error (it used to be
# lowered, leaving a transfer in the pipe that the split program never popped).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def pc(qk: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    return pl.store(popped, [0, 0], out_0)
    return pl.store(popped, [0, 0], out_0)
