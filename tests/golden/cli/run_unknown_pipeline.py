import pypto.language as pl

# c + a @ b: the product crosses cube -> vector, the add and the store are split per lane.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def cube_to_vector(a: pl.Tensor[[64, 32], pl.FP32], b: pl.Tensor[[32, 48], pl.FP32],
                   c: pl.Tensor[[64, 48], pl.FP32], out: pl.Out[pl.Tensor[[64, 48], pl.FP32]]):
    am = pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat)
    bm = pl.load(b, [0, 0], [32, 48], target_memory=pl.Mem.Mat)
    al = pl.tile.move(am, target_memory=pl.Mem.Left)
    br = pl.tile.move(bm, target_memory=pl.Mem.Right)
    p = pl.matmul(al, br)
    pv = pl.tile.move(p, target_memory=pl.Mem.Vec)
    cv = pl.load(c, [0, 0], [64, 48], target_memory=pl.Mem.Vec)
    y = pl.add(cv, pv)
    return pl.store(y, [0, 0], out)
