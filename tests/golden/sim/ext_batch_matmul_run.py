import pypto.language as pl

# A batched product on the reference interpreter: two [16, 32] x [32, 8] products, the rank-2 rhs
# applying to both batches of the lhs, the [2, 16, 8] result stored from Acc: every element
# written and defined.
@pl.function(type=pl.FunctionType.InCore)
def bmm(a: pl.Tensor[[2, 16, 32], pl.FP32], b: pl.Tensor[[32, 8], pl.FP32],
        out: pl.Out[pl.Tensor[[2, 16, 8], pl.FP32]]):
    am = pl.load(a, [0, 0, 0], [2, 16, 32], target_memory=pl.Mem.Mat)
    bm = pl.load(b, [0, 0], [32, 8], target_memory=pl.Mem.Mat)
    p = pl.tile.batch_matmul(am, bm)
    return pl.store(p, [0, 0, 0], out)
