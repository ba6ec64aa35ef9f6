import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def ragged(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[13, 128])], bias: pl.Tensor[[16, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    popped_box: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc] = pl.tile.set_validshape(qk, 16, 128)
    popped_pop: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(popped_box, split=1)
    popped: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(13, subblock_idx * 8) - subblock_idx * 8, 8), 128])] = pl.tile.set_validshape(popped_pop, pl.min(pl.max(13, subblock_idx * 8) - subblock_idx * 8, 8), 128)
    b: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(bias, [0 + subblock_idx * 8, 0], [8, 128], [8, 128], target_memory=pl.Mem.Vec)
    s: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(13, subblock_idx * 8) - subblock_idx * 8, 8), 128], blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.add(popped, b)
    return pl.tile.store(s, [0 + subblock_idx * 8, 0], out_0)
