import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(t: pl.Tensor[[64, 128], pl.FP32]):
    x = pl.tile.load(t, [0, 0], [64, 128], target_memory=pl.Mem.Vec, attrs={"core_placement": "aiv"})
