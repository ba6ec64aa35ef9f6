import pypto.language as pl

# (b) a merge in an UP_DOWN region: its lists have two rows, so each lane would merge half of
# every list.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[2, 64], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[1, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        tmp = pl.tile.create([1, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        m = pl.tile.mrgsort_format2(h, h, tmp)
        o = pl.store(m, [0, 0], out_0)
    return o
