import pypto.language as pl

# Reproducer 12: the while loop never ends for n > 0. Run with --scalar n=1, the simulator's step
# budget stops it with a located error naming --max-steps (it used to hang).
@pl.function(type=pl.FunctionType.InCore)
def spin(a: pl.Tensor[[16, 16], pl.FP32], n: pl.Scalar[pl.INDEX], out_0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    while n > 0:
        x = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
        pl.store(x, [0, 0], out_0)
    return out_0
