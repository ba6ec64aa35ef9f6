import pypto.language as pl

# The bias-seeded product and a GEMV on the cube, their results crossing to the vector side,
# which adds them and stores under a row split: the split checks equal.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(a: pl.Tensor[[64, 32], pl.FP32], b: pl.Tensor[[32, 48], pl.FP32],
      bias: pl.Tensor[[1, 48], pl.FP32], v: pl.Tensor[[1, 32], pl.FP32],
      out: pl.Out[pl.Tensor[[64, 48], pl.FP32]], out_v: pl.Out[pl.Tensor[[1, 48], pl.FP32]]):
    am = pl.load(a, [0, 0], [64, 32], target_memory=pl.Mem.Mat)
    bm = pl.load(b, [0, 0], [32, 48], target_memory=pl.Mem.Mat)
    cm = pl.load(bias, [0, 0], [1, 48], target_memory=pl.Mem.Mat)
    vm = pl.load(v, [0, 0], [1, 32], target_memory=pl.Mem.Mat)
    al = pl.tile.move(am, target_memory=pl.Mem.Left)
    br = pl.tile.move(bm, target_memory=pl.Mem.Right)
    cb = pl.tile.move(cm, target_memory=pl.Mem.Bias)
    vl = pl.tile.move(vm, target_memory=pl.Mem.Left)
    p = pl.tile.matmul_bias(al, br, cb)
    g = pl.tile.gemv(vl, br)
    pv = pl.tile.move(p, target_memory=pl.Mem.Vec)
    y = pl.tile.adds(pv, 1.0)
    o = pl.store(y, [0, 0], out)
    o2 = pl.store(g, [0, 0], out_v)
    return o, o2
