import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT, "split_aiv": True})
def vc(a: pl.Tensor[[128, 128], pl.FP32], b: pl.Tile[[128, 128], pl.FP32, pl.Mem.Right], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    x: pl.Tile[[128, 64], pl.FP32, pl.Mem.Vec] = pl.tile.load(a, [0, 0 + subblock_idx * 64], [128, 64], [128, 64], target_memory=pl.Mem.Vec)
    y: pl.Tile[[128, 64], pl.FP32, pl.Mem.Vec] = pl.tile.add(x, x)
    g_mat: pl.Tile[[128, 128], pl.FP32, pl.Mem.Mat] = pl.tile.aic_gather(y, split=2)
    g: pl.Tile[[128, 128], pl.FP32, pl.Mem.Left] = pl.tile.move(g_mat, target_memory=pl.Mem.Left)
    c: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc] = pl.tile.matmul(g, b)
    o: pl.Tile[[128, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(c, split=2)
    return pl.tile.store(o, [0, 0 + subblock_idx * 64], out_0)
