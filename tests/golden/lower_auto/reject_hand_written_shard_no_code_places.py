import pypto.language as pl

# Found by `tilesplit fuzz --mutate tests/golden --strict`: a hand-written flat split_aiv kernel
# whose shard leaves the lanes 4 and 1 of 5 valid rows, a pair no split code places. The split
# pass accepted it as already lowered and expand-mixed-kernel rejected it one stage later; the
# pass now runs the expansion's checks on the kernels it leaves as written and rejects it itself.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def k(qk: pl.Tile[[7, 1], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[5, 1])],
      out_0: pl.Out[pl.Tensor[[7, 1], pl.FP32]]):
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    popped: pl.Tile[[4, 1], pl.FP32, pl.Mem.Vec,
                    pl.TileView(valid_shape=[pl.min(pl.max(5, subblock_idx * 4) - subblock_idx * 4, 4), 1])
                   ] = pl.tile.aiv_shard(qk, split=1)
    o = pl.tile.store(popped, [subblock_idx * 4, 0], out_0)
    return o
