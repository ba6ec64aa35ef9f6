import pypto.language as pl

# A lane-derived dst_offset over a lane-invariant src_offset: both lanes fetch the same rows
# into different slots of a full-width accumulator, so the gather is still full width.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(pool: pl.Tensor[[4096, 512], pl.BF16], out_0: pl.Out[pl.Tensor[[128, 512], pl.BF16]]):
    for aiv in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        ub = pl.full([128, 512], dtype=pl.BF16, value=0.0)
        ub2 = pl.gather_row(ub, pool, [aiv * 64, 0], [0, 0], [1, 512])
        kv = pl.aic_gather(ub2)
    return out_0
