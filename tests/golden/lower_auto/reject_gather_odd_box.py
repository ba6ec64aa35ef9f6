import pypto.language as pl

# The gather has no odd form: a 17-row box would give lanes of 9 and 8 rows, and lane 1 lands at
# the half box, so the bands cannot abut; rejected at the V->C move.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def vc(a: pl.Tensor[[17, 128], pl.FP32], b: pl.Tile[[128, 128], pl.FP32, pl.Mem.Right], out_0: pl.Out[pl.Tensor[[17, 128], pl.FP32]]):
    x = pl.load(a, [0, 0], [17, 128], target_memory=pl.Mem.Vec)
    y = pl.exp(x)
    g = pl.tile.move(y, target_memory=pl.Mem.Mat)
    
    l = pl.tile.move(g, target_memory=pl.Mem.Left)
    
    c = pl.matmul(l, b)
    
    return pl.store(c, [0, 0], out_0)
