import pypto.language as pl

# (c) before (d): a shard outside every region is reported as misplaced even when its operand
# also breaks the memory contract (a Vec tile), since moving it into a region is the first fix.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(v: pl.Tile[[128, 128], pl.FP32, pl.Mem.Vec], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    h = pl.tile.aiv_shard(v, split=1)
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        y = pl.exp(h)
        o = pl.store(y, [aiv_id * 64, 0], out_0)
    return o
