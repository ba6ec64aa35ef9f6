import pypto.language as pl

# The mirror case: a scope surviving inside a region body would be stepped over.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def f(a: pl.Tensor[[128, 128], pl.FP32], c: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        with pl.at(level=pl.Level.CORE_GROUP):
            x = pl.load(a, [0, 0], [128, 128], target_memory=pl.Mem.Vec)
            c = pl.store(pl.exp(x), [0, 0], c)
    return c
