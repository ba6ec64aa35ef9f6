import pypto.language as pl

# Found by tilesplit fuzz (seed 7, case 430): a mixed kernel with no split mode is not halved,
# but it still expands into cube and vector parts joined by a ring of the scope's slot_num=1,
# which two crossings held at once overflow. lower-auto-vector-split must reject it itself (with
# the ring's reason), not leave it to expand-mixed-kernel after accepting it.
@pl.function
def kernel(t1: pl.Tensor[[1, 1], pl.FP32], t3: pl.Tensor[[1, 1], pl.FP32], t9: pl.Tensor[[1, 1], pl.FP32], t11: pl.Tensor[[1, 1], pl.FP32], t28: pl.Tensor[[1, 1], pl.FP32], k32: pl.Scalar[pl.INDEX], out46: pl.Out[pl.Tensor[[1, 1], pl.FP32]], out48: pl.Out[pl.Tensor[[1, 1], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.cross_core_slot(slot_num=1)]):
        a0 = pl.load(t1, [0, 0], [1, 1], target_memory=pl.Mem.Mat)
        b2 = pl.load(t3, [0, 0], [1, 1], target_memory=pl.Mem.Mat)
        l4 = pl.tile.move(a0, target_memory=pl.Mem.Left)
        r5 = pl.tile.move(b2, target_memory=pl.Mem.Right)
        p6 = pl.matmul(l4, r5)
        v7 = pl.tile.move(p6, target_memory=pl.Mem.Vec)
        a8 = pl.load(t9, [0, 0], [1, 1], target_memory=pl.Mem.Mat)
        b10 = pl.load(t11, [0, 0], [1, 1], target_memory=pl.Mem.Mat)
        l12 = pl.tile.move(a8, target_memory=pl.Mem.Left)
        r13 = pl.tile.move(b10, target_memory=pl.Mem.Right)
        p14 = pl.matmul(l12, r13)
        v15 = pl.tile.move(p14, target_memory=pl.Mem.Vec)
        x29 = pl.load(t28, [0, 0], [1, 1], target_memory=pl.Mem.Vec)
        if k32 > 1:
            m37 = pl.yield_(x29)
        else:
            m37 = pl.yield_(x29)
        o47 = pl.store(v7, [0, 0], out46)
        o49 = pl.store(m37, [0, 0], out48)
    return o49
