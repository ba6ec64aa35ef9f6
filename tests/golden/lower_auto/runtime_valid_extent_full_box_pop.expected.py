import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def runtime_valid(n: pl.Scalar[pl.INDEX], qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[n, 64])], out_0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    popped_box: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc] = pl.tile.set_validshape(qk, 16, 64)
    popped_pop: pl.Tile[[8, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(popped_box, split=1)
    popped: pl.Tile[[8, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(n, subblock_idx * 8) - subblock_idx * 8, 8), 64])] = pl.tile.set_validshape(popped_pop, pl.min(pl.max(n, subblock_idx * 8) - subblock_idx * 8, 8), 64)
    y: pl.Tile[[8, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(n, subblock_idx * 8) - subblock_idx * 8, 8), 64])] = pl.tile.add(popped, popped)
    return pl.tile.store(y, [0 + subblock_idx * 8, 0], out_0)
