import pypto.language as pl

# (j) a shard result carried around a loop into the next iteration's region.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], x0: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec],
      out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for i, (c,) in pl.range(2, init_values=(x0,)):
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h = pl.aiv_shard(acc)
            o = pl.store(pl.add(h, c), [aiv_id * 64, 0], out_0)
        r = pl.yield_(h)
    return out_0
