import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def rms(qk: pl.Tile[[256, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[256, 1], pl.FP32]]) -> pl.Tensor[[256, 1], pl.FP32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    v: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=1)
    scratch: pl.Tile[[256, 128], pl.FP32, pl.Mem.Vec] = pl.tile.create([256, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    sums: pl.Tile[[128, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_sum(v, scratch)
    return pl.tile.store(sums, [0 + subblock_idx * 128, 0], out_0)
