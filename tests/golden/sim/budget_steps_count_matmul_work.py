import pypto.language as pl

# A step covers 256 elements of an op's work; a 64 x 64 x 64 matmul is 262144 multiply-adds, about
# a thousand steps. Ten of them exceed a budget of 5000 steps, which ten small ops would not: so a
# spinning loop of matmuls stops about as fast (in CPU time) as one of loads and stores.
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
