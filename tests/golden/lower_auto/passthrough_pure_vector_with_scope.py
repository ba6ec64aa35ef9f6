import pypto.language as pl

# The roll-up looks through the scope: pure-vector work under a scope is passed through, not
# rejected (only a mixed scope-bodied function is).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def scoped(a: pl.Tensor[[128, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP):
        x = pl.load(a, [0, 0], [128, 128], target_memory=pl.Mem.Vec)
        y = pl.exp(x)
    return pl.store(y, [0, 0], out_0)
