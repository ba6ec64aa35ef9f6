import pypto.language as pl

# An index product that leaves int64 at run time is reported at the product, with the values of
# its operands and of the scalars it reads (exit 1), never wrapped around.
@pl.function(type=pl.FunctionType.InCore)
def k(n: pl.Scalar[pl.INDEX], a: pl.Tensor[[16, 16], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    x = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
    r: pl.Scalar[pl.INDEX] = n * n - n * n
    pl.store(x, [r, 0], out_0)
    return out_0
