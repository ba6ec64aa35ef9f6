import pypto.language as pl

# Partially valid explicit boundaries: the shard's ceil-half guess is replaced by each lane's own
# extent from the author's lane index, and consumers passing valid_shape through follow it.
# 15 of 16 rows: lanes hold 8 and 7.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[15, 128])],
      out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        y = pl.exp(h)
        o = pl.store(y, [aiv_id * 8, 0], out_0)
    return o
