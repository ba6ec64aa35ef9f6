import pypto.language as pl

# A split extension (fuzz/reject_col_prod_over_split_axis is the spec's refusal): a product of
# partial products would round differently, so the column comes back whole and both lanes take
# the product of every column themselves, exactly as the unsplit kernel does.

@pl.function
def kernel(t4: pl.Tensor[[4, 1], pl.FP32], t6: pl.Tensor[[1, 4], pl.FP32], out33: pl.Out[pl.Tensor[[1, 4], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN), pl.cross_core_slot(slot_num=1)]):
        a3 = pl.load(t4, [0, 0], [4, 1], target_memory=pl.Mem.Mat)
        b5 = pl.load(t6, [0, 0], [1, 4], target_memory=pl.Mem.Mat)
        l7 = pl.tile.move(a3, target_memory=pl.Mem.Left)
        r8 = pl.tile.move(b5, target_memory=pl.Mem.Right)
        p9 = pl.matmul(l7, r8)
        v10 = pl.tile.move(p9, target_memory=pl.Mem.Vec)
        red32 = pl.tile.col_prod(v10)
        o34 = pl.store(red32, [0, 0], out33)
    return o34
