import pypto.language as pl

# A modulo whose divisor is zero at run time is reported at the division, with the values of
# the scalars it reads and the fix (exit 1), never answered with a made-up remainder.
@pl.function(type=pl.FunctionType.InCore)
def k(n: pl.Scalar[pl.INDEX], a: pl.Tensor[[16, 16], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    x = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
    r: pl.Scalar[pl.INDEX] = 64 % (n - 7)
    pl.store(x, [r, 0], out_0)
    return out_0
