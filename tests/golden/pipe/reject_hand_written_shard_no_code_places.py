import pypto.language as pl

# A hand-written lowered kernel whose shard leaves the lanes 8 and 5 of 13 valid rows: no split
# code places that pair, so expand-mixed-kernel rejects the crossing and says which lane_stride
# would balance it.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def k(qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[13, 64])], out_0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    popped = pl.tile.aiv_shard(qk, split=1)
    o = pl.tile.store(popped, [subblock_idx * 8, 0], out_0)
    return o
