import pypto.language as pl

# Two data-parallel regions of different modes write the same output: region 1 (UP_DOWN) writes
# exp(a), region 2 (LEFT_RIGHT) overwrites everything with -a. The lanes do not wait for each other
# between the regions, so lane 1's region-1 rows could land after lane 0's region-2 columns:
# rejected at the second store, naming the first.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def phases(a: pl.Tensor[[16, 16], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    for _ in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        x = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
        y = pl.exp(x)
        pl.store(y, [0, 0], out_0)
    for _ in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
        u = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
        v = pl.neg(u)
        pl.store(v, [0, 0], out_0)
    return out_0
