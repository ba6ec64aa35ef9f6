import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def vc(a: pl.Tensor[[17, 128], pl.FP32], b: pl.Tile[[128, 128], pl.FP32, pl.Mem.Right], out_0: pl.Out[pl.Tensor[[17, 128], pl.FP32]]) -> pl.Tensor[[17, 128], pl.FP32]:
    for subblock_idx in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        x: pl.Tile[[9, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(17, subblock_idx * 9) - subblock_idx * 9, 9), 128])] = pl.tile.load(a, [0 + subblock_idx * 9, 0], [9, 128], [pl.min(pl.max(17, subblock_idx * 9) - subblock_idx * 9, 9), 128], target_memory=pl.Mem.Vec)
        y: pl.Tile[[9, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[pl.min(pl.max(17, subblock_idx * 9) - subblock_idx * 9, 9), 128])] = pl.tile.exp(x)
        g_lanes: pl.Tile[[9, 128], pl.FP32, pl.Mem.Vec] = pl.tile.set_validshape(y, 9, 128)
        g_join: pl.Tile[[18, 128], pl.FP32, pl.Mem.Mat] = pl.tile.aic_gather(g_lanes)
    g_mat: pl.Tile[[17, 128], pl.FP32, pl.Mem.Mat] = pl.tile.slice(g_join, [17, 128], [0, 0])
    g: pl.Tile[[17, 128], pl.FP32, pl.Mem.Mat] = pl.tile.move(g_mat, target_memory=pl.Mem.Mat)
    l: pl.Tile[[17, 128], pl.FP32, pl.Mem.Left] = pl.tile.move(g, target_memory=pl.Mem.Left)
    c: pl.Tile[[17, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(l, b)
    o: pl.Tensor[[17, 128], pl.FP32] = pl.tile.store(c, [0, 0], out_0)
    return o
