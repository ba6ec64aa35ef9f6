import pypto.language as pl

# A value a full-width region halves is per-lane; reading it after the region as the full tile
# is rejected.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(a: pl.Tensor[[128, 128], pl.FP32], c: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        x = pl.load(a, [0, 0], [128, 128], target_memory=pl.Mem.Vec)
        y = pl.exp(x)
    return pl.store(y, [0, 0], c)
