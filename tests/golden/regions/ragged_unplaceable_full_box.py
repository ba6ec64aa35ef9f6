import pypto.language as pl

# 13 of 16 rows under the box partition gives lanes 8 and 5, which no transport code places;
# explicit regions are never rebalanced, so the full box is widened before the region, popped
# (8 and 8) and each lane narrowed right after the shard.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[13, 128])],
      out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        o = pl.store(h, [aiv_id * 8, 0], out_0)
    return o
