import pypto.language as pl

# A runtime split-axis box: which code places lane 1 depends on the box being odd or even,
# so the crossing is rejected with advice to make the box static and the extent runtime (defect 27).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(n: pl.Scalar[pl.INDEX],
      q: pl.Tile[[n, 32], pl.FP32, pl.Mem.Acc],
      out_0: pl.Out[pl.Tensor[[n, 32], pl.FP32]]) -> pl.Tensor[[n, 32], pl.FP32]:
    v = pl.tile.move(q, target_memory=pl.Mem.Vec)
    y = pl.tile.neg(v)
    r = pl.tile.store(y, [0, 0], out_0)
    return r
