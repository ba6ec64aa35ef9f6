import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def merge(qk: pl.Tile[[128, 64], pl.FP32, pl.Mem.Acc], full: pl.Tile[[128, 64], pl.FP32, pl.Mem.Vec],
          flag: pl.Scalar[pl.INDEX], out_0: pl.Out[pl.Tensor[[128, 64], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    if flag > 0:
        r = pl.yield_(popped)
    else:
        r = pl.yield_(full)
    return pl.store(r, [0, 0], out_0)
