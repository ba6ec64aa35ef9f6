import pypto.language as pl

# (c) covers the tensor-level boundary too: a tensor.aiv_shard in a CORE_GROUP scope but outside
# its region. Inside the region (line 11) the same op is accepted and takes the region's mode.
@pl.function
def main(a: pl.Tensor[[512, 128], pl.FP32], out: pl.Out[pl.Tensor[[512, 128], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        early = pl.aiv_shard(a, split=1)
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            h = pl.aiv_shard(a)
            g = pl.aic_gather(h)
    return out
