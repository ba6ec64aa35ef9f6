import pypto.language as pl

# A hand-written flat split_aiv kernel gathers a partial extent both lanes share (5 rows each):
# the bands would not abut, which expand-mixed-kernel's GatherSplitCode rejects at the gather.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN, "split_aiv": True})
def f(acc: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc], b: pl.Tile[[128, 128], pl.FP32, pl.Mem.Right], out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    aiv_id = pl.tile.get_subblock_idx()
    h = pl.tile.aiv_shard(acc, split=1)
    p = pl.set_validshape(h, 5, 128)
    g = pl.tile.aic_gather(p, split=1)
    l = pl.tile.move(g, target_memory=pl.Mem.Left)
    c = pl.matmul(l, b)
    return pl.store(c, [0, 0], out_0)
