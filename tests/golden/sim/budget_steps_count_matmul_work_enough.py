import pypto.language as pl

# The same loop of ten matmuls fits a budget of 20000 steps.
@pl.function(type=pl.FunctionType.InCore)
def spin(a: pl.Tensor[[64, 64], pl.FP32], n: pl.Scalar[pl.INDEX],
         out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]):
    m = pl.load(a, [0, 0], [64, 64], target_memory=pl.Mem.Mat)
    l = pl.tile.move(m, target_memory=pl.Mem.Left)
    r = pl.tile.move(m, target_memory=pl.Mem.Right)
    p = pl.matmul(l, r)
    for i in pl.range(0, n):
        p = pl.matmul(l, r)
    o = pl.store(p, [0, 0], out)
    return o
