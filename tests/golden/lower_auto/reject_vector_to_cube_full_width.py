import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def vc(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], vec: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec],
       out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    g = pl.tile.move(vec, target_memory=pl.Mem.Mat)
    return pl.store(popped, [0, 0], out_0)
