import pypto.language as pl

# 15 of 16 valid rows in an explicit region whose lanes store their whole 8-row tile: row 15 is
# undefined in the reference (lane 1 holds 7 rows), so check counts it and compares the rest.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[15, 64])],
      out_0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        y = pl.exp(h)
        o = pl.store(y, [aiv_id * 8, 0], out_0)
    return o
