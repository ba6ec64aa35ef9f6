import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def col(qk: pl.Tile[[128, 1], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[1, 128], pl.FP32]]) -> pl.Tensor[[1, 128], pl.FP32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    popped: pl.Tile[[64, 1], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=1)
    e: pl.Tile[[64, 1], pl.FP32, pl.Mem.Vec, pl.TileView(slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.exp(popped)
    row: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(e, [1, 64])
    g_mat: pl.Tile[[1, 128], pl.FP32, pl.Mem.Mat] = pl.tile.aic_gather(row, split=2)
    g: pl.Tile[[1, 128], pl.FP32, pl.Mem.Mat] = pl.tile.move(g_mat, target_memory=pl.Mem.Mat)
    back: pl.Tile[[1, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(g, split=0)
    return pl.tile.store(back, [0, 0], out_0)
