import pypto.language as pl

# --split-extensions=off (the spec): no odd gather, 17 rows give lanes of 9 and 8 and lane 1 lands
# at the half box; rejected at the V->C move (with the extensions: odd_gather_padded_up_down).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def vc(a: pl.Tensor[[17, 128], pl.FP32], b: pl.Tile[[128, 128], pl.FP32, pl.Mem.Right], out_0: pl.Out[pl.Tensor[[17, 128], pl.FP32]]):
    x = pl.load(a, [0, 0], [17, 128], target_memory=pl.Mem.Vec)
    y = pl.exp(x)
    g = pl.tile.move(y, target_memory=pl.Mem.Mat)
    
    l = pl.tile.move(g, target_memory=pl.Mem.Left)
    
    c = pl.matmul(l, b)
    
    return pl.store(c, [0, 0], out_0)
