import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], t: pl.Tensor[[64, 128], pl.FP32],
      n: pl.Scalar[pl.INDEX]):
    for i, (s,) in pl.range(4, init_values=(n,)):
        s2 = pl.yield_(s)
        q = 1
