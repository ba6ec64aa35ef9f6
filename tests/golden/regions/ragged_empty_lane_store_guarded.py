import pypto.language as pl

# 8 of 16 valid rows: lane 1 holds nothing, so its store is guarded by a runtime extent > 0
# condition; the shard itself (the pop) stays unconditional.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[8, 128])],
      out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        y = pl.exp(h)
        o = pl.store(y, [aiv_id * 8, 0], out_0)
    return o
