import pypto.language as pl

# A data-parallel region whose body is already written per lane (offsets by the lane index,
# 8-row tiles): exactly the form lower-auto-vector-split prints for a region. It is kept as
# written, and the reference runs it once per lane.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def per_lane(a: pl.Tensor[[16, 16], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    for aiv in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        x = pl.load(a, [aiv * 8, 0], [8, 16], target_memory=pl.Mem.Vec)
        y = pl.exp(x)
        pl.store(y, [aiv * 8, 0], out_0)
    return out_0
