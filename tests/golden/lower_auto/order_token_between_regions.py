import pypto.language as pl

# A split extension (defects/05_regions_of_different_modes_race is the spec's refusal): region 1
# (UP_DOWN) writes exp(a), region 2 (LEFT_RIGHT) overwrites it with -a. A token crosses from both
# lanes to the cube and back before the second store, so no lane's second store can overtake
# the other lane's first.

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
