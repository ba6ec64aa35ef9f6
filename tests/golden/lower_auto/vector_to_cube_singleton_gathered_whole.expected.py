import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def vc(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], bias: pl.Tensor[[1, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    popped: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=1)
    b: pl.Tile[[1, 128], pl.FP32, pl.Mem.Vec] = pl.tile.load(bias, [0, 0], [1, 128], [1, 128], target_memory=pl.Mem.Vec)
    g_mat: pl.Tile[[1, 128], pl.FP32, pl.Mem.Mat] = pl.tile.aic_gather(b, split=0)
    g: pl.Tile[[1, 128], pl.FP32, pl.Mem.Mat] = pl.tile.move(g_mat, target_memory=pl.Mem.Mat)
    return pl.tile.store(popped, [0 + subblock_idx * 64, 0], out_0)
