import pypto.language as pl

# An empty region is dropped, not a crash; the other region is lowered as usual.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def empty(a: pl.Tensor[[128, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for _ in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        pass
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.LEFT_RIGHT):
        pass
    for _ in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        x = pl.load(a, [0, 0], [128, 128], target_memory=pl.Mem.Vec)
        pl.store(x, [0, 0], out_0)
    return out_0
