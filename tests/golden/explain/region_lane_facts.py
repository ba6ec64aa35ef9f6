import pypto.language as pl


# Inside an explicit region only this lane's part is lane-local (the split's lane facts): a
# generator, a broadcast read and work on them alone are alike on both lanes, and a gather's result
# is the cube's whole tile.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def explicit(acc: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], b: pl.Tensor[[1, 128], pl.FP32],
             out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        h = pl.aiv_shard(acc)
        z = pl.full([64, 128], dtype=pl.FP32, value=1.0)
        bias = pl.load(b, [0, 0], [1, 128], target_memory=pl.Mem.Vec)
        bias2 = pl.add(bias, bias)
        y = pl.add(pl.add(h, z), bias2)
        g = pl.aic_gather(y)
    left = pl.tile.move(g, target_memory=pl.Mem.Left)
    right = pl.tile.move(g, target_memory=pl.Mem.Right)
    c = pl.matmul(left, right)
    return pl.store(c, [0, 0], out_0)


# A NONE region has no split axis; a read at the lane's own rows is still this lane's part.
@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def task(acc: pl.Tile[[64, 128], pl.FP32, pl.Mem.Acc], a: pl.Tensor[[128, 128], pl.FP32],
         c: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    for aiv_id in pl.split_aiv(2, mode=pl.SplitMode.NONE):
        base = aiv_id * 64
        t = pl.aiv_shard(acc)
        e = pl.load(a, [base, 0], [64, 128], target_memory=pl.Mem.Vec)
        s = pl.add(e, t)
        c1 = pl.store(s, [base, 0], c)
    return c1


# The AUTO path widens each lane's part to its half box before the gather: still this lane's
# part, though the halving made no remark about it.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def auto_gather(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[15, 128])],
                b: pl.Tile[[128, 128], pl.FP32, pl.Mem.Right],
                out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.exp(popped)
    g = pl.tile.move(y, target_memory=pl.Mem.Mat)
    l = pl.tile.move(g, target_memory=pl.Mem.Left)
    c = pl.matmul(l, b)
    return pl.store(c, [0, 0], out_0)
