import pypto.language as pl

# In the lowered form (AivSplitLoweredValid: split_aiv with a function-level split mode, the AUTO
# path's synthesized region) (b) holds of a lane's part only: a generator both lanes hold whole
# reduces exactly on each. Written as source, the same region is refused (check (b) of
# AivSplitValid: every tile of an authored region is the lane's half; b_reduce_split_axis_fails).
@pl.function(type=pl.FunctionType.InCore,
             attrs={"split": pl.SplitMode.LEFT_RIGHT, "split_aiv": True, "dual_aiv_dispatch": True})
def f(acc: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
        h = pl.aiv_shard(acc)
        g = pl.tile.full([16, 8], dtype=pl.FP32, value=1.0)
        s = pl.row_sum(g, g)
        t = pl.tile.row_expand_add(h, s)
        o = pl.store(t, [0, aiv_id * 8], out_0)
    return o
