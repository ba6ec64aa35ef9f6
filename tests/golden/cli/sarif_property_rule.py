import pypto.language as pl

# A property violation is reported with the rule of the lettered check it breaks (SARIF ruleId).
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], b: pl.Tile[[128, 128], pl.FP32, pl.Mem.Right], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        y = pl.exp(h)
    g = pl.tile.aic_gather(y, split=1)
    l = pl.tile.move(g, target_memory=pl.Mem.Left)
    c = pl.matmul(l, b)
    return pl.store(c, [0, 0], out_0)
