import pypto.language as pl

# A carry starting from a shard result must yield a lane-local value; the carry mismatch is
# reported before the full-width operator that causes it.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        for i, (c,) in pl.range(2, init_values=(h,)):
            z = pl.full([64, 128], dtype=pl.FP32, value=0.0)
            z2 = pl.exp(z)
            r = pl.yield_(z2)
        o = pl.store(r, [aiv_id * 64, 0], out_0)
    return o
