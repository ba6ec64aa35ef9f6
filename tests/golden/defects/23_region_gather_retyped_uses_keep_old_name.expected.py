import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[128, 64], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[127, 64])], b: pl.Tensor[[64, 32], pl.FP32], out_0: pl.Out[pl.Tensor[[128, 32], pl.FP32]]) -> pl.Tensor[[128, 32], pl.FP32]:
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(127, aiv_id * 64) - aiv_id * 64, 64), 64])] = pl.tile.aiv_shard(acc)
        y: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(127, aiv_id * 64) - aiv_id * 64, 64), 64])] = pl.tile.exp(h)
        g_lanes: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.set_validshape(y, 64, 64)
        g: pl.Tile[[128, 64], pl.FP32, pl.Mem.Mat] = pl.tile.aic_gather(g_lanes)
    left: pl.Tile[[128, 64], pl.FP32, pl.Mem.Left] = pl.tile.move(g, target_memory=pl.Mem.Left)
    bm: pl.Tile[[64, 32], pl.FP32, pl.Mem.Mat] = pl.tile.load(b, [0, 0], [64, 32], [64, 32], target_memory=pl.Mem.Mat)
    right: pl.Tile[[64, 32], pl.FP32, pl.Mem.Right] = pl.tile.move(bm, target_memory=pl.Mem.Right)
    c: pl.Tile[[128, 32], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(left, right)
    return pl.tile.store(c, [0, 0], out_0)
