import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT, "split_aiv": True})
def vc(a: pl.Tensor[[32, 17], pl.FP32], l: pl.Tile[[16, 32], pl.FP32, pl.Mem.Left], out_0: pl.Out[pl.Tensor[[16, 17], pl.FP32]]) -> pl.Tensor[[16, 17], pl.FP32]:
    for subblock_idx in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
        x: pl.Tile[[32, 9], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[32, pl.min(pl.max(13, subblock_idx * 9) - subblock_idx * 9, 9)])] = pl.tile.load(a, [0, 0 + subblock_idx * 9], [32, 9], [32, pl.min(pl.max(13, subblock_idx * 9) - subblock_idx * 9, 9)], target_memory=pl.Mem.Vec)
        y: pl.Tile[[32, 9], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[32, pl.min(pl.max(13, subblock_idx * 9) - subblock_idx * 9, 9)])] = pl.tile.exp(x)
        g_lanes: pl.Tile[[32, 9], pl.FP32, pl.Mem.Vec] = pl.tile.set_validshape(y, 32, 9)
        g_join: pl.Tile[[32, 18], pl.FP32, pl.Mem.Mat] = pl.tile.aic_gather(g_lanes)
    g_mat: pl.Tile[[32, 17], pl.FP32, pl.Mem.Mat, pl.TileView(valid_shape=[32, 13])] = pl.tile.slice(g_join, [32, 17], [0, 0], [32, 13])
    g: pl.Tile[[32, 17], pl.FP32, pl.Mem.Mat, pl.TileView(valid_shape=[32, 13])] = pl.tile.move(g_mat, target_memory=pl.Mem.Mat)
    r: pl.Tile[[32, 17], pl.FP32, pl.Mem.Right, pl.TileView(valid_shape=[32, 13])] = pl.tile.move(g, target_memory=pl.Mem.Right)
    c: pl.Tile[[16, 17], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[16, 13])] = pl.tile.matmul(l, r)
    o: pl.Tensor[[16, 17], pl.FP32] = pl.tile.store(c, [0, 0], out_0)
    return o
