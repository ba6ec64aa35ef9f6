import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT, "split_aiv": True})
def rs(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 1], pl.FP32]]) -> pl.Tensor[[128, 1], pl.FP32]:
    subblock_idx: pl.Scalar[pl.INDEX] = pl.tile.get_subblock_idx()
    popped: pl.Tile[[128, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=2)
    scratch: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.create([128, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    popped_whole: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk, split=0)
    sums: pl.Tile[[128, 1], pl.FP32, pl.Mem.Vec] = pl.tile.row_sum(popped_whole, scratch)
    return pl.tile.store(sums, [0, 0], out_0)
