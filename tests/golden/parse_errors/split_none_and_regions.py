import pypto.language as pl

# pl.split(pl.SplitMode.NONE) beside pl.split_aiv regions is refused as any pl.split is: it still
# asks for a function-level split, and the parser is the one place that sees it was written.
@pl.function
def k(a: pl.Tensor[[128, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.NONE)]):
        for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
            t = pl.load(a, [aiv_id * 64, 0], [64, 128], target_memory=pl.Mem.Vec)
            o = pl.store(t, [aiv_id * 64, 0], out_0)
    return o
