import pypto.language as pl

# A generator is admitted for itself only: its consumer is still full width.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], a: pl.Tensor[[128, 128], pl.FP32],
      v: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        z = pl.full([128, 128], dtype=pl.FP32, value=0.0)
        y = pl.add(z, z)
        o = pl.store(h, [aiv_id * 64, 0], out_0)
    return o
