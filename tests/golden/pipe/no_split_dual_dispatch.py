import pypto.language as pl

# No split, a loop of crossings: each iteration the vector side sends acc to the cube and folds
# the product back into acc; the returned value is the store's.
@pl.function(type=pl.FunctionType.InCore)
def k(n: pl.Scalar[pl.INDEX], a: pl.Tensor[[16, 16], pl.FP32], w: pl.Tensor[[16, 16], pl.FP32],
      out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    acc = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
    wm = pl.load(w, [0, 0], [16, 16], target_memory=pl.Mem.Mat)
    wr = pl.tile.move(wm, target_memory=pl.Mem.Right)
    for i in pl.range(n):
        am = pl.tile.move(acc, target_memory=pl.Mem.Mat)
        al = pl.tile.move(am, target_memory=pl.Mem.Left)
        p = pl.matmul(al, wr)
        pv = pl.tile.move(p, target_memory=pl.Mem.Vec)
        acc = pl.muls(pl.add(acc, pv), 0.25)
    o = pl.store(acc, [0, 0], out)
    return o
