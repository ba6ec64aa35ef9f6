import pypto.language as pl

# (i) a shard result of a sibling region is not recognised as per-lane.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
    for aiv_id2 in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        y = pl.exp(h)
        o = pl.store(y, [aiv_id2 * 64, 0], out_0)
    return o
