import pypto.language as pl

# (a) the matmul stays outside; the region shards its Acc result.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(l: pl.Tile[[128, 128], pl.FP32, pl.Mem.Left], r: pl.Tile[[128, 128], pl.FP32, pl.Mem.Right],
      out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    c = pl.matmul(l, r)
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(c)
        o = pl.store(h, [aiv_id * 64, 0], out_0)
    return o
