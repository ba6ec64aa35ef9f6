import pypto.language as pl

# An unsplit mixed kernel whose vector part reads a block of `c`, adds the cube's product and
# stores it back, block after block. Its AIV part runs on lane 0 alone (expand-mixed-kernel
# dispatches only a split kernel's AIV part to both lanes), so the load and the store of one block
# are ordered by program order on that one core: the memory-order check accepts it, and `check`
# proves the expanded kernel equal to the kernel as written.
@pl.function(type=pl.FunctionType.InCore)
def k(a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[32, 64], pl.FP32],
      c: pl.InOut[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
    am = pl.load(a, [0, 0], [16, 32], target_memory=pl.Mem.Mat)
    al = pl.tile.move(am, target_memory=pl.Mem.Left)
    for i, (c_1,) in pl.range(8, init_values=(c,)):
        prev = pl.load(c_1, [0, i * 8], [16, 8], target_memory=pl.Mem.Vec)
        bm = pl.load(b, [0, i * 8], [32, 8], target_memory=pl.Mem.Mat)
        br = pl.tile.move(bm, target_memory=pl.Mem.Right)
        p = pl.matmul(al, br)
        pv = pl.tile.move(p, target_memory=pl.Mem.Vec)
        nxt = pl.add(prev, pv)
        c_2 = pl.store(nxt, [0, i * 8], c_1)
        c_3 = pl.yield_(c_2)
    return c_3
