import pypto.language as pl

# A full-width data-parallel region goes through the same halving, so its own transpose hazard is
# checked against the region's mode.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(a: pl.Tensor[[128, 64], pl.FP32], out_0: pl.Out[pl.Tensor[[64, 128], pl.FP32]]):
    for _ in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        x = pl.load(a, [0, 0], [128, 64], target_memory=pl.Mem.Vec)
        t = pl.tile.transpose(x, 0, 1)
        o = pl.store(t, [0, 0], out_0)
    return o
