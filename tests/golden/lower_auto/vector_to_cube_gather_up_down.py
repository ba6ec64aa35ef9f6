import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def vc(a: pl.Tensor[[160, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    x = pl.load(a, [32, 0], [128, 128], target_memory=pl.Mem.Vec)
    y = pl.sub(x, x)
    gathered: pl.Tile[[128, 128], pl.FP32, pl.Mem.Mat] = pl.tile.move(y, target_memory=pl.Mem.Mat)
    left = pl.tile.move(gathered, target_memory=pl.Mem.Left)
    right = pl.tile.move(gathered, target_memory=pl.Mem.Right)
    c = pl.matmul(left, right)
    o = pl.tile.move(c, target_memory=pl.Mem.Vec)
    return pl.store(o, [0, 0], out_0)
