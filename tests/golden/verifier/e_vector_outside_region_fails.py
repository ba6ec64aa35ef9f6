import pypto.language as pl

# (e) vector compute outside every region in manual mode.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(a: pl.Tensor[[128, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    x = pl.load(a, [0, 0], [128, 128], target_memory=pl.Mem.Vec)
    y = pl.exp(x)
    for _ in pl.split_aiv(2, mode=pl.SplitMode.NONE):
        z = pl.neg(y)
    return pl.store(z, [0, 0], out_0)
