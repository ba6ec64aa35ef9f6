import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(x: pl.Tensor[[128, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN, init_values=(x,)):
        t = pl.load(x, [aiv * 64, 0], [64, 128], target_memory=pl.Mem.Vec)
        o = pl.store(t, [aiv * 64, 0], out_0)
    return o
