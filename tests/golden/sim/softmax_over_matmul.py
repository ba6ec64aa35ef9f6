import pypto.language as pl

# softmax(a @ b) row by row, plus a loop-carried accumulator of the exponentials.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def softmax(a: pl.Tensor[[32, 32], pl.FP32], b: pl.Tensor[[32, 64], pl.FP32],
            out: pl.Out[pl.Tensor[[32, 64], pl.FP32]], acc_out: pl.Out[pl.Tensor[[32, 64], pl.FP32]]):
    am = pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
    bm = pl.load(b, [0, 0], [32, 64], target_memory=pl.Mem.Mat)
    al = pl.tile.move(am, target_memory=pl.Mem.Left)
    br = pl.tile.move(bm, target_memory=pl.Mem.Right)
    s = pl.matmul(al, br)
    sv = pl.tile.move(s, target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([32, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    m = pl.tile.row_max(sv, tmp)
    z = pl.sub(sv, m)
    e = pl.exp(z)
    sm = pl.tile.row_sum(e, tmp)
    r = pl.tile.recip(sm)
    p = pl.mul(e, r)
    acc0 = pl.tile.full([32, 64], dtype=pl.FP32, value=0.0)
    for i, (acc,) in pl.range(3, init_values=(acc0,)):
        nxt = pl.add(acc, p)
        acc_next = pl.yield_(nxt)
    pl.store(acc_next, [0, 0], acc_out)
    return pl.store(p, [0, 0], out)
