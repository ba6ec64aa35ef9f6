import pypto.language as pl

# The fix the rejection of fuzz/mutant_flat_shard_type_states_lane_agnostic_extent names: the
# shard's type states each lane's own extent (2 rows on lane 0, none on lane 1), so the split
# program stores both valid rows and check proves it.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def ragged(qk: pl.Tile[[15, 1], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[2, 1])],
           out_0: pl.Out[pl.Tensor[[15, 1], pl.FP32]]):
    aiv_id: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    popped: pl.Tile[[8, 1], pl.FP32, pl.Mem.Vec,
                    pl.TileView(valid_shape=[pl.min(pl.max(2, aiv_id * 2) - aiv_id * 2, 2), 1])
                   ] = pl.tile.aiv_shard(qk, split=1, lane_stride=2)
    out_store = pl.tile.store(popped, [0 + aiv_id * 2, 0], out_0)
    return out_store
