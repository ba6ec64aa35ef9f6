import pypto.language as pl

# The reference runs a hand-written flat split_aiv kernel once per lane, as it runs a region: the
# shard hands each lane its band and each lane stores its row, 4 elements in all. It used to run
# lane 0 alone, and check then compared lane 1's stores with nothing (2 elements written).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def k(acc: pl.Tile[[2, 2], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[2, 2], pl.FP32]]):
    aiv_id: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    h = pl.tile.aiv_shard(acc, split=1)
    e = pl.exp(h)
    o = pl.store(e, [aiv_id, 0], out_0)
    return o
