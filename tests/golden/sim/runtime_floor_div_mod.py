import pypto.language as pl

# Index arithmetic rounds toward negative infinity, as Python's // and % do: with n = 0,
# (n - 7) // 2 is -4 and (n - 7) % 2 is 1, so the store lands at row 0. Division truncating
# toward zero (-3, and -1) would place it at row -1, outside the tensor (exit 1).
@pl.function(type=pl.FunctionType.InCore)
def k(n: pl.Scalar[pl.INDEX], a: pl.Tensor[[16, 16], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    x = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
    r: pl.Scalar[pl.INDEX] = (n - 7) // 2 + 4
    s: pl.Scalar[pl.INDEX] = (n - 7) % 2 - 1
    pl.store(x, [r + s, 0], out_0)
    return out_0
