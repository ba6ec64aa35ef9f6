import pypto.language as pl

# (i) each region shards its own copy.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]],
      out_1: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        o0 = pl.store(h, [aiv_id * 64, 0], out_0)
    for aiv_id2 in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h2 = pl.aiv_shard(acc)
        y = pl.exp(h2)
        o1 = pl.store(y, [aiv_id2 * 64, 0], out_1)
    return o0, o1
