import pypto.language as pl

# A split extension: LEFT_RIGHT, an odd box of 17 columns with 13 valid (lanes of 9 and 4 valid
# columns in bands of 9). Each lane hands over its whole band of 9 (widened to its box), the
# 18-column join is sliced back to the 17-column box with the 13 valid columns on the cube, which
# never reads the pad or the columns past the valid extent.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def vc(a: pl.Tensor[[32, 17], pl.FP32], l: pl.Tile[[16, 32], pl.FP32, pl.Mem.Left], out_0: pl.Out[pl.Tensor[[16, 17], pl.FP32]]):
    x = pl.load(a, [0, 0], [32, 17], [32, 13], target_memory=pl.Mem.Vec)
    y = pl.exp(x)
    g = pl.tile.move(y, target_memory=pl.Mem.Mat)
    r = pl.tile.move(g, target_memory=pl.Mem.Right)
    c = pl.matmul(l, r)
    o = pl.store(c, [0, 0], out_0)
    return o
