import pypto.language as pl

# a @ b + a @ c: two products cross to the vector side before either is released.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def two_products(a: pl.Tensor[[32, 32], pl.FP32], b: pl.Tensor[[32, 32], pl.FP32],
                 c: pl.Tensor[[32, 32], pl.FP32], out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]):
    am = pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
    bm = pl.load(b, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
    cm = pl.load(c, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
    al = pl.tile.move(am, target_memory=pl.Mem.Left)
    br = pl.tile.move(bm, target_memory=pl.Mem.Right)
    cr = pl.tile.move(cm, target_memory=pl.Mem.Right)
    p = pl.matmul(al, br)
    q = pl.matmul(al, cr)
    pv = pl.tile.move(p, target_memory=pl.Mem.Vec)
    qv = pl.tile.move(q, target_memory=pl.Mem.Vec)
    y = pl.add(pv, qv)
    return pl.store(y, [0, 0], out)
