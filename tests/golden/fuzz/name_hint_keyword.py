import pypto.language as pl


# A keyword as name_hint would print `def while(`, which does not read back either.
@pl.function
def k(a: pl.Tensor[[1, 1], pl.FP32], out_1: pl.Out[pl.Tensor[[1, 1], pl.FP32]]):
    t = pl.load(a, [0, 0], [1, 1], target_memory=pl.Mem.Vec)
    with pl.at(level=pl.Level.CORE_GROUP, name_hint="while"):
        y = t
    o = pl.store(y, [0, 0], out_1)
    return out_1
