import pypto.language as pl

# Found by tilesplit fuzz (seed 12, case 661): one valid row of two crosses to the vector side,
# so lane 1's store is guarded and the kernel returns the merge of the guard (the store's result
# on one branch, the Out tensor on the other). Both branches are the Out parameter: the Group
# returns it, rather than expand-mixed-kernel rejecting a pass-accepted kernel.
@pl.function
def kernel(t0: pl.Tensor[[2, 1], pl.FP32], out9: pl.Out[pl.Tensor[[2, 1], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
        m1 = pl.load(t0, [0, 0], [2, 1], [1, 1], target_memory=pl.Mem.Mat)
        v2 = pl.tile.move(m1, target_memory=pl.Mem.Vec)
        o10 = pl.store(v2, [0, 0], out9)
    return o10
