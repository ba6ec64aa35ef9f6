import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
        v: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec] = pl.tile.aiv_shard(acc)
        o: pl.Tensor[[128, 128], pl.FP32] = pl.tile.store(v, [0, 0], out_0)
    return o
