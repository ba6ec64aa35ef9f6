import pypto.language as pl

# A consumer that reshapes the logical rectangle cannot carry a per-lane extent.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[15, 128])],
      out_0: pl.Out[pl.Tensor[[128, 8], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        t = pl.tile.transpose(h, 0, 1)
        o = pl.store(t, [0, aiv_id * 8], out_0)
    return o
