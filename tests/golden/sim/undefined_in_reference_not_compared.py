import pypto.language as pl

# 15 of 16 valid rows, widened back to the full box before the store: row 15 is undefined in the
# reference (poison), so check counts those 64 elements and compares the rest.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[15, 64])],
      out_0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        y = pl.exp(h)
        w = pl.tile.set_validshape(y, 8, 64)
        o = pl.store(w, [aiv_id * 8, 0], out_0)
    return o
