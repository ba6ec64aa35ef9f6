# A data-parallel region with an explicit boundary: the cube tile is sharded by hand and the
# vector work runs on the per-lane half. `split=` defaults to the region's mode.
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def explicit(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc],
             out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        half = pl.aiv_shard(qk)
        y = pl.exp(half)
        out_0 = pl.store(y, [aiv_id * 64, 0], out_0)
    return out_0
