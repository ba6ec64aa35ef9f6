import pypto.language as pl

# (g) a cube tile read inside a region must arrive through tile.aiv_shard.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
        v = pl.tile.move(acc, target_memory=pl.Mem.Vec)
        o = pl.store(v, [0, 0], out_0)
    return o
