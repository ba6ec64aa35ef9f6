import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def scoped(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
        y = pl.exp(popped)
    return pl.store(y, [0, 0], out_0)
