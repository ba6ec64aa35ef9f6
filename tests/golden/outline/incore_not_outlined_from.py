import pypto.language as pl

# InCore functions are never outlined from: the scope stays.
@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[128, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        x = pl.load(a, [0, 0], [128, 128], target_memory=pl.Mem.Vec)
        o = pl.store(x, [0, 0], out_0)
    return o
