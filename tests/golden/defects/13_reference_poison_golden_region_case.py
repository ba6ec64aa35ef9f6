import pypto.language as pl

# 15 of 16 valid rows in an explicit region: the lanes hold 8 and 7 rows (the reference shard
# hands each lane its own extent too). The store writes 8 rows per lane as typed, so row 15 is
# undefined in the reference and is counted, not compared (defect 13).
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[15, 128])],
      out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        y = pl.exp(h)
        o = pl.store(y, [aiv_id * 8, 0], out_0)
    return o
