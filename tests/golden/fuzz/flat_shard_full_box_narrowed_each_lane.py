import pypto.language as pl

# The form fuzz/reject_flat_shard_runtime_extent_no_code_places asks for: the shard carries the
# full box (8 rows to each lane, which code 1 places), and each lane narrows its half to its own
# share of the runtime extent n after the pop. check runs the reference on both lanes, over every n.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def f(n: pl.Scalar[pl.INDEX], acc: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc],
      out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    aiv_id: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    h = pl.tile.aiv_shard(acc, split=1)
    hn = pl.tile.set_validshape(h, pl.min(pl.max(n, aiv_id * 8) - aiv_id * 8, 8), 128)
    y = pl.exp(hn)
    o = pl.store(y, [aiv_id * 8, 0], out_0)
    return o
