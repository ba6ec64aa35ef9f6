import pypto.language as pl

# A pure-vector split function has nothing to converge: it keeps its split attr and gains no
# split_aiv.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def vec_only(a: pl.Tensor[[128, 128], pl.FP32], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    x = pl.load(a, [0, 0], [128, 128], target_memory=pl.Mem.Vec)
    y = pl.exp(x)
    return pl.store(y, [0, 0], out_0)
