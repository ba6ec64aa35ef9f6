import pypto.language as pl

# A data-parallel region over full-width vector work: the region path halves it through the
# shared machinery with the region's own lane index, and keeps the wrapper.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def region_fw(a: pl.Tensor[[128, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        x = pl.load(a, [0, 0], [128, 128], target_memory=pl.Mem.Vec)
        y = pl.exp(x)
        out_1 = pl.store(y, [0, 0], out_0)
    return out_1
