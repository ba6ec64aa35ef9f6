import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(acc)
        y: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.exp(h)
        g: pl.Tile[[128, 128], pl.FP32, pl.Mem.Mat] = pl.tile.aic_gather(y)
    left: pl.Tile[[128, 128], pl.FP32, pl.Mem.Left] = pl.tile.move(g, target_memory=pl.Mem.Left)
    right: pl.Tile[[128, 128], pl.FP32, pl.Mem.Right] = pl.tile.move(g, target_memory=pl.Mem.Right)
    c: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(left, right)
    return pl.tile.store(c, [0, 0], out_0)
