import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def zero(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[0, 128])], bias: pl.Tensor[[16, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]], out_1: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> tuple[pl.Tensor[[16, 128], pl.FP32], pl.Tensor[[16, 128], pl.FP32]]:
    for subblock_idx in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        popped: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[0, 128])] = pl.tile.aiv_shard(qk)
        y: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[0, 128], blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.exp(popped)
        b: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(bias, [0 + subblock_idx * 8, 0], [8, 128], [8, 128], target_memory=pl.Mem.Vec)
        if 0 > 0:
            o: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(y, [0 + subblock_idx * 8, 0], out_0)
            o_1: pl.Tensor[[16, 128], pl.FP32] = pl.yield_(o)
        else:
            o_1: pl.Tensor[[16, 128], pl.FP32] = pl.yield_(out_0)
        o1: pl.Tensor[[16, 128], pl.FP32] = pl.tile.store(b, [0 + subblock_idx * 8, 0], out_1)
    return o_1, o1
