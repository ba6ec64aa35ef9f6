import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def pc(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[13, 100])], out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    popped_box: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[16, 100])] = pl.tile.set_validshape(qk, 16, 100)
    popped_pop: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[7, 100])] = pl.tile.aiv_shard(popped_box, split=1, lane_stride=7)
    popped: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(13, subblock_idx * 7) - subblock_idx * 7, 7), 100])] = pl.tile.set_validshape(popped_pop, pl.min(pl.max(13, subblock_idx * 7) - subblock_idx * 7, 7), 100)
    return pl.tile.store(popped, [0 + subblock_idx * 7, 0], out_0)
