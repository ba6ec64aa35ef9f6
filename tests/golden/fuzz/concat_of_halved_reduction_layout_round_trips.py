# Found by tilesplit fuzz (seed 205, case 711): a tile.concat of a halved row reduction. The halving
# kept the [2, 2] result's implicit row_major layout for the [1, 2] lane tile, which prints as no
# view at all, so reading it back took the col_major layout concat deduces from its [1, 1] operand.
# A declared layout that is the implicit one at the new shape now declares nothing, as in the parser.
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def kernel(t0: pl.Tensor[[2, 1], pl.FP32], t4: pl.Tensor[[2, 1], pl.FP32], t6: pl.Tensor[[1, 1], pl.FP32], out10: pl.Out[pl.Tensor[[2, 1], pl.FP32]], k14: pl.Scalar[pl.INDEX], q39: pl.Tile[[2, 1], pl.FP32, pl.Mem.Mat]):
    m1 = pl.load(t0, [0, 0], [2, 1], target_memory=pl.Mem.Mat)
    v2 = pl.tile.move(m1, target_memory=pl.Mem.Vec)
    a3 = pl.load(t4, [0, 0], [2, 1], target_memory=pl.Mem.Mat)
    b5 = pl.load(t6, [0, 0], [1, 1], target_memory=pl.Mem.Mat)
    l7 = pl.tile.move(a3, target_memory=pl.Mem.Left)
    r8 = pl.tile.move(b5, target_memory=pl.Mem.Right)
    p9 = pl.matmul(l7, r8)
    o11 = pl.store(p9, [0, 0], out10)
    rs12 = pl.tile.reshape(v2, [1, 2])
    rs13 = pl.tile.reshape(rs12, [2, 1])
    if k14 > 1:
        bv16 = pl.tile.div(rs13, rs13)
        m15 = pl.yield_(bv16)
    else:
        bv17 = pl.tile.mul(rs13, v2)
        m15 = pl.yield_(bv17)
    tmp18 = pl.tile.create([2, 1], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    red19 = pl.tile.row_prod(m15, tmp18)
    g27 = pl.tile.full([2, 1], dtype=pl.FP32, value=0.0)
    sv28 = pl.tile.set_validshape(g27, 2, 1)
    for i29, (acc30,) in pl.range(1, init_values=(red19,)):
        red33 = pl.tile.concat(acc30, red19)
        nx34 = pl.tile.add(acc30, acc30)
        r36 = pl.yield_(nx34)
    v38 = pl.tile.move(q39, target_memory=pl.Mem.Vec)
    o40 = pl.store(sv28, [0, 0], o11)
    o41 = pl.store(v38, [0, 0], o40)
    return o41
