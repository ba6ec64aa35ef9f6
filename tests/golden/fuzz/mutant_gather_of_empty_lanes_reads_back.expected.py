import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def vc(qk: pl.Tile[[2, 1], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[0, 1])], b: pl.Tile[[1, 1], pl.FP32, pl.Mem.Right], out_0: pl.Out[pl.Tensor[[2, 1], pl.FP32]]) -> pl.Tensor[[2, 1], pl.FP32]:
    for subblock_idx in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        popped: pl.Tile[[1, 1], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[0, 1])] = pl.tile.aiv_shard(qk)
        y: pl.Tile[[1, 1], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[0, 1], blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.exp(popped)
        g_lanes: pl.Tile[[1, 1], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.set_validshape(y, 1, 1)
        g_join: pl.Tile[[2, 1], pl.FP32, pl.Mem.Mat] = pl.tile.aic_gather(g_lanes)
    g_mat: pl.Tile[[2, 1], pl.FP32, pl.Mem.Mat, pl.TileView(valid_shape=[0, 1])] = pl.tile.set_validshape(g_join, 0, 1)
    g: pl.Tile[[2, 1], pl.FP32, pl.Mem.Mat, pl.TileView(valid_shape=[0, 1])] = pl.tile.move(g_mat, target_memory=pl.Mem.Mat)
    l: pl.Tile[[2, 1], pl.FP32, pl.Mem.Left, pl.TileView(valid_shape=[0, 1])] = pl.tile.move(g, target_memory=pl.Mem.Left)
    c: pl.Tile[[2, 1], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[0, 1], compact=pl.CompactMode.normal)] = pl.tile.matmul(l, b)
    return pl.tile.store(c, [0, 0], out_0)
