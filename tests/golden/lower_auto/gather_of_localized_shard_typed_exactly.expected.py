import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def vc(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[15, 128])], b: pl.Tile[[128, 128], pl.FP32, pl.Mem.Right], out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]) -> pl.Tensor[[16, 128], pl.FP32]:
    for subblock_idx in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        popped: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(15, subblock_idx * 8) - subblock_idx * 8, 8), 128])] = pl.tile.aiv_shard(qk)
        y: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(15, subblock_idx * 8) - subblock_idx * 8, 8), 128], blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.exp(popped)
        g_lanes: pl.Tile[[8, 128], pl.FP32, pl.Mem.Vec, pl.TileView(blayout=pl.TileLayout.col_major, slayout=pl.TileLayout.row_major, fractal=1024)] = pl.tile.set_validshape(y, 8, 128)
        g_join: pl.Tile[[16, 128], pl.FP32, pl.Mem.Mat] = pl.tile.aic_gather(g_lanes)
    g_mat: pl.Tile[[16, 128], pl.FP32, pl.Mem.Mat, pl.TileView(valid_shape=[15, 128])] = pl.tile.set_validshape(g_join, 15, 128)
    g: pl.Tile[[16, 128], pl.FP32, pl.Mem.Mat, pl.TileView(valid_shape=[15, 128])] = pl.tile.move(g_mat, target_memory=pl.Mem.Mat)
    l: pl.Tile[[16, 128], pl.FP32, pl.Mem.Left, pl.TileView(valid_shape=[15, 128])] = pl.tile.move(g, target_memory=pl.Mem.Left)
    c: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[15, 128], compact=pl.CompactMode.normal)] = pl.tile.matmul(l, b)
    return pl.tile.store(c, [0, 0], out_0)
