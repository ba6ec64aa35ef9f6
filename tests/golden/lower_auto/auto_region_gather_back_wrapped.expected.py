import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def col(qk: pl.Tile[[128, 1], pl.FP32, pl.Mem.Acc], b: pl.Tile[[1, 128], pl.FP32, pl.Mem.Right], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
    for subblock_idx in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        popped: pl.Tile[[64, 1], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk)
        e: pl.Tile[[64, 1], pl.FP32, pl.Mem.Vec, pl.TileView(slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.exp(popped)
        row: pl.Tile[[64, 1], pl.FP32, pl.Mem.Vec, pl.TileView(slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.neg(e)
        g_mat: pl.Tile[[128, 1], pl.FP32, pl.Mem.Mat] = pl.tile.aic_gather(row)
    g: pl.Tile[[128, 1], pl.FP32, pl.Mem.Mat] = pl.tile.move(g_mat, target_memory=pl.Mem.Mat)
    l: pl.Tile[[128, 1], pl.FP32, pl.Mem.Left] = pl.tile.move(g, target_memory=pl.Mem.Left)
    c: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(l, b)
    o: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(c, [0, 0], out_0)
    return o
