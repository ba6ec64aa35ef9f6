import pypto.language as pl

# A hand-written flat split_aiv kernel whose store takes a nested vector call: the lane-memory
# check used to see the store on lane 0 and on the cube (SHARED) and reject a race with itself.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def k(acc: pl.Tile[[2, 2], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[2, 2], pl.FP32]]):
    aiv_id: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    h = pl.tile.aiv_shard(acc, split=1)
    o = pl.store(pl.exp(h), [aiv_id, 0], out_0)
    return o
