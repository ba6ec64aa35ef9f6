# Every loop form: the four for kinds, bounds spellings, stage, explicit carries, both while
# forms, and an accumulator rebound without init_values (converted to a carry).
import pypto.language as pl

N = pl.dynamic("N")

@pl.function(type=pl.FunctionType.InCore)
def loops(a: pl.Tensor[[N, 128], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
    for i in pl.range(4):
        pass
    for i in pl.parallel(1, n):
        pass
    for i in pl.unroll(0, 8, 2):
        pass
    for i in pl.pipeline(n, stage=2):
        x = pl.load(a, [i * 16, 0], [16, 128], target_memory=pl.Mem.Vec)
    for i, (s, t) in pl.range(0, n, 1, init_values=(0, 1)):
        s2 = s + i
        r_s, r_t = pl.yield_(s2, t * 2)
    for i, (acc,) in pl.range(n, init_values=(r_s,)):
        acc_out: pl.Scalar[pl.INDEX] = pl.yield_(acc + r_t)
    total = 0
    for i in pl.range(n):
        total = total + i
    while total > 100:
        total = total // 2
    for (c, d) in pl.while_(init_values=(total, acc_out)):
        pl.cond(c < d)
        c2, d2 = pl.yield_(c + 1, d)
    return c2
