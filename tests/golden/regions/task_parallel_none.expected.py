import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def task(acc: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc], a: pl.Tensor[[128, 128], pl.FP32], c: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
        base: pl.Scalar[pl.INDEX] = aiv_id * 64
        t: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(acc)
        e: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.exp(pl.tile.load(a, [base, 0], [64, 128], [64, 128], target_memory=pl.Mem.Vec))
        s: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.add(e, t)
        c1: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(s, [base, 0], c)
    return c1
