import pypto.language as pl

M = pl.dynamic("M")

# A runtime split-axis extent: the shard pops the full box and the lane's extent moves to its
# first consumer; the store is guarded because a lane may hold no rows.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[M, 128])],
      out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        y = pl.exp(h)
        z = pl.neg(y)
        pl.store(z, [aiv_id * 8, 0], out_0)
    return out_0
