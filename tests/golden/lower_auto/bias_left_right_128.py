import pypto.language as pl

# The bias table of the spec (condition 1): operands align to the result from the right.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def biased(qk: pl.Tile[[256, 128], pl.FP32, pl.Mem.Acc], bias: pl.Tile[[128], pl.FP32, pl.Mem.Vec],
           out_0: pl.Out[pl.Tensor[[256, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    s = pl.tile.add(popped, bias)
    return pl.store(s, [0, 0], out_0)
