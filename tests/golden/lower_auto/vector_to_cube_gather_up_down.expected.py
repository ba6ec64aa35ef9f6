import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def vc(a: pl.Tensor[[160, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    x: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [32 + subblock_idx * 64, 0], [64, 128], [64, 128], target_memory=pl.Mem.Vec)
    y: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.sub(x, x)
    gathered_mat: pl.Tile[[128, 128], pl.FP32, pl.Mem.Mat] = pl.tile.aic_gather(y, split=1)
    gathered: pl.Tile[[128, 128], pl.FP32, pl.Mem.Mat] = pl.tile.move(gathered_mat, target_memory=pl.Mem.Mat)
    left: pl.Tile[[128, 128], pl.FP32, pl.Mem.Left] = pl.tile.move(gathered, target_memory=pl.Mem.Left)
    right: pl.Tile[[128, 128], pl.FP32, pl.Mem.Right] = pl.tile.move(gathered, target_memory=pl.Mem.Right)
    c: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(left, right)
    o: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(c, split=1)
    return pl.tile.store(o, [0 + subblock_idx * 64, 0], out_0)
