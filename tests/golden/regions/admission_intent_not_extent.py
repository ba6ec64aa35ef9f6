import pypto.language as pl

# Explicit-region admission proves intent, not extent: a load at a lane-strided offset with a
# full-width extent is admitted (the lanes then read overlapping windows; the author's call), and
# so is tile.extract whose column offset (arg 2) references the lane index. Each lane stores its
# whole window into rows of its own (a store of both at one place would race).
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], a: pl.Tensor[[256, 128], pl.FP32],
      v: pl.Tile[[64, 256], pl.FP32, pl.Mem.Vec], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]],
      out_1: pl.Out[pl.Tensor[[256, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        x = pl.load(a, [aiv_id * 64, 0], [128, 128], target_memory=pl.Mem.Vec)
        e = pl.tile.extract(v, 0, aiv_id * 128, [64, 128])
        y = pl.add(h, e)
        o = pl.store(y, [aiv_id * 64, 0], out_0)
        o1 = pl.store(x, [aiv_id * 128, 0], out_1)
    return o, o1
