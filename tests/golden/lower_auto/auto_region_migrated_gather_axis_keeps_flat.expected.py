import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def col(qk: pl.Tile[[128, 1], pl.FP32, pl.Mem.Acc], b: pl.Tile[[128, 128], pl.FP32, pl.Mem.Right], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    popped: pl.Tile[[64, 1], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=1)
    e: pl.Tile[[64, 1], pl.FP32, pl.Mem.Vec, pl.TileView(slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.exp(popped)
    row: pl.Tile[[1, 64], pl.FP32, pl.Mem.Vec] = pl.tile.reshape(e, [1, 64])
    g_mat: pl.Tile[[1, 128], pl.FP32, pl.Mem.Mat] = pl.tile.aic_gather(row, split=2)
    g: pl.Tile[[1, 128], pl.FP32, pl.Mem.Mat] = pl.tile.move(g_mat, target_memory=pl.Mem.Mat)
    l: pl.Tile[[1, 128], pl.FP32, pl.Mem.Left] = pl.tile.move(g, target_memory=pl.Mem.Left)
    c: pl.Tile[[1, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(l, b)
    o: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(c, [0, 0], out_0)
    return o
