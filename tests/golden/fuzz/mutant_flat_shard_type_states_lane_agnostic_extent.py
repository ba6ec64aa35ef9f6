import pypto.language as pl

# Found by `tilesplit fuzz --mutate tests/golden --strict` (a mutant of parse/spec_ragged_13_of_16):
# a hand-written flat split_aiv kernel whose shard result type lost its per-lane valid extent. The
# parser then types it with the deducer's lane-agnostic guess, 1 of the 2 valid rows, but under
# lane_stride=2 lane 0 holds both rows and lane 1 none. The split program gave lane 0 the 1 row
# its type states and lost the second (check: DIFFERENT); the pass now rejects the type.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def ragged(qk: pl.Tile[[15, 1], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[2, 1])],
           out_0: pl.Out[pl.Tensor[[15, 1], pl.FP32]]):
    aiv_id: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    popped: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=1, lane_stride=2)
    out_store = pl.tile.store(popped, [0 + aiv_id * 2, 0], out_0)
    return out_store
