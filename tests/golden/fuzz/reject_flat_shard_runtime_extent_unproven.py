import pypto.language as pl

# The kernel of fuzz/flat_shard_runtime_extent_stated_each_lane without the stated type: the
# deducer's lane-agnostic guess, (n + 1) // 2 rows on each lane, is lane 0's share only when
# n <= 8 and n is 0 or 1, so the pass rejects what it cannot prove and names the type to write.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def f(n: pl.Scalar[pl.INDEX], acc: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc],
      out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    aiv_id: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    a2 = pl.tile.set_validshape(acc, n, 128)
    h = pl.tile.aiv_shard(a2, split=1)
    y = pl.exp(h)
    o = pl.store(y, [aiv_id * 8, 0], out_0)
    return o
