import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def f(a: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec], t: pl.Tensor[[64, 128], pl.FP32],
      n: pl.Scalar[pl.INDEX]):
    x = pl.tile.tpush_to_aiv(a, split=0)
