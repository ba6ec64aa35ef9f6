import pypto.language as pl

# An explicit-boundary region: the author sharded the cube tile and wrote the vector work per
# lane, so the body is spliced through unchanged (no re-halving, no second lane index).
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def explicit(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        y = pl.exp(h)
        o = pl.store(y, [aiv_id * 64, 0], out_0)
    return o
