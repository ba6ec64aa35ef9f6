import pypto.language as pl

# A store offset whose window leaves the tensor at run time stops run and check, naming the
# scalar and its value (it was a bounds fault naming neither).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(n: pl.Scalar[pl.INDEX], a: pl.Tensor[[32, 32], pl.FP32], out_0: pl.Out[pl.Tensor[[32, 32], pl.FP32]]):
    t = pl.tile.load(a, [n, 0], [16, 32], target_memory=pl.Mem.Vec)
    y = pl.add(t, t)
    return pl.store(y, [n, 0], out_0)
