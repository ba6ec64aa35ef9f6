import pypto.language as pl

# (a + 1) @ b with a of one row under UP_DOWN: the [1, 16] vector value is never halved, both
# lanes hold it whole, and the cube takes it once (split=0 gather).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def vc(a: pl.Tensor[[1, 16], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[1, 32], pl.FP32]]):
    x = pl.load(a, [0, 0], [1, 16], target_memory=pl.Mem.Vec)
    x1 = pl.add(x, 1.0)
    xm: pl.Tile[[1, 16], pl.FP32, pl.Mem.Mat] = pl.tile.move(x1, target_memory=pl.Mem.Mat)
    xl = pl.tile.move(xm, target_memory=pl.Mem.Left)
    bm = pl.load(b, [0, 0], [16, 32], target_memory=pl.Mem.Mat)
    br = pl.tile.move(bm, target_memory=pl.Mem.Right)
    p = pl.matmul(xl, br)
    pv = pl.tile.move(p, target_memory=pl.Mem.Vec)
    y = pl.exp(pv)
    return pl.store(y, [0, 0], out)
