import pypto.language as pl

# (opt) A LEFT_RIGHT region written per lane (column offsets by the lane, 8-column tiles): kept as
# written, and the reference runs it once per lane.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def per_lane(a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    for aiv in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
        x = pl.load(a, [0, aiv * 8], [16, 8], target_memory=pl.Mem.Vec)
        y = pl.load(b, [0, aiv * 8], [16, 8], target_memory=pl.Mem.Vec)
        z = pl.add(pl.exp(x), y)
        pl.store(z, [0, aiv * 8], out_0)
    return out_0
