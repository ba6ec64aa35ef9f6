import pypto.language as pl

# A tuple crosses an if merge and a loop carry: both adopt the halved tuple type with its
# per-element axes, so the stores after the loop write this lane's rows (dst on dim 0) and
# columns (cdst on dim 1).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def tup(qk: pl.Tile[[128, 64], pl.FP32, pl.Mem.Acc], flag: pl.Scalar[pl.INDEX],
        out_0: pl.Out[pl.Tensor[[128, 8], pl.INT32]], out_1: pl.Out[pl.Tensor[[1, 128], pl.INT32]]):
    v = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([128, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    p0 = pl.tile.gather_compare(v, 0.5, tmp, cmp_mode=1, out_cols=8)
    if flag > 0:
        p1 = pl.tile.gather_compare(v, 0.25, tmp, cmp_mode=1, out_cols=8)
        r = pl.yield_(p1)
    else:
        r = pl.yield_(p0)
    for i, (c,) in pl.range(2, init_values=(r,)):
        p2 = pl.tile.gather_compare(v, 0.75, tmp, cmp_mode=1, out_cols=8)
        c_out = pl.yield_(p2)
    o0 = pl.store(c_out[0], [0, 0], out_0)
    return pl.store(c_out[1], [0, 0], out_1)
