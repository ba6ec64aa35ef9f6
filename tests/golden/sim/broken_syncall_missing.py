import pypto.language as pl

# Lane 0 writes tmp whole, then both lanes read their half of it back: only the barrier orders
# lane 1's load after lane 0's store (the split file drops the barrier: lane 1 may read tmp before lane 0 wrote it).
@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[16, 64], pl.FP32], tmp: pl.InOut[pl.Tensor[[16, 64], pl.FP32]],
      out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    t = pl.load(a, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
    e = pl.exp(t)
    tmp = pl.store(e, [0, 0], tmp)
    x = pl.load(tmp, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
    y = pl.adds(x, 1.0)
    out = pl.store(y, [0, 0], out)
    return out
