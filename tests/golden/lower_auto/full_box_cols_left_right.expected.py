import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT, "split_aiv": True})
def pc(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[16, 100])], out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    popped_box: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = pl.tile.set_validshape(qk, 16, 128)
    popped_pop: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 50])] = pl.tile.aiv_shard(popped_box, split=2, lane_stride=50)
    popped: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 50])] = pl.tile.set_validshape(popped_pop, 16, 50)
    return pl.tile.store(popped, [0, 0 + subblock_idx * 50], out_0)
