import pypto.language as pl

# (a + 1) @ b + c: vector -> cube -> vector.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def bidirectional(a: pl.Tensor[[32, 32], pl.FP32], b: pl.Tensor[[32, 64], pl.FP32],
                  c: pl.Tensor[[32, 64], pl.FP32], out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]):
    x = pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Vec)
    x1 = pl.add(x, 1.0)
    xm: pl.Tile[[32, 32], pl.FP32, pl.Mem.Mat] = pl.tile.move(x1, target_memory=pl.Mem.Mat)
    xl = pl.tile.move(xm, target_memory=pl.Mem.Left)
    bm = pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat)
    br = pl.tile.move(bm, target_memory=pl.Mem.Right)
    p = pl.matmul(xl, br)
    pv = pl.tile.move(p, target_memory=pl.Mem.Vec)
    cv = pl.load(c, [0, 0], [32, 64], target_memory=pl.Mem.Vec)
    y = pl.add(pv, cv)
    return pl.store(y, [0, 0], out)
