import pypto.language as pl

# A full-width region body (halved by the pass) that asks for the lane itself after its first
# statement (a leading query would be the region's own lane binding).
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def q(a: pl.Tensor[[32, 16], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    for _ in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        x = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
        lid = pl.tile.get_subblock_idx()
        y = pl.load(a, [lid * 16, 0], [16, 16], target_memory=pl.Mem.Vec)
        z = pl.add(x, y)
        pl.store(z, [0, 0], out_0)
    return out_0
