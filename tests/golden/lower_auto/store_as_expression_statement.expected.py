import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT, "split_aiv": True})
def st(qk: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
    for subblock_idx in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
        popped: pl.Tile[[64, 64], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(qk)
        pl.tile.store(popped, [0, 0 + subblock_idx * 64], out_0)
    return out_0
