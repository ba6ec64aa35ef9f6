import pypto.language as pl


@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(n: pl.Scalar[pl.INDEX], a: pl.Tensor[[16, 32], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 32], pl.FP32]]):
    t = pl.tile.load(a, [0, 0], [16, 32], [n, 32], target_memory=pl.Mem.Vec)
    y = pl.add(t, t)
    return pl.store(y, [0, 0], out_0)
