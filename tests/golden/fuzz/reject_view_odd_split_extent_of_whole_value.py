# Found by tilesplit fuzz (seed 1, case 9097): LEFT_RIGHT, a [3,1] tile reshaped to [1,3] moves an odd
# extent onto the split axis; the per-lane slice of lane 1 would reach past the view. Rejected.
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def kernel(t1: pl.Tensor[[3, 1], pl.FP32], t3: pl.Tensor[[1, 1], pl.FP32], out29: pl.Out[pl.Tensor[[3, 1], pl.FP32]]):
    a0 = pl.load(t1, [0, 0], [3, 1], target_memory=pl.Mem.Mat)
    b2 = pl.load(t3, [0, 0], [1, 1], target_memory=pl.Mem.Mat)
    l4 = pl.tile.move(a0, target_memory=pl.Mem.Left)
    r5 = pl.tile.move(b2, target_memory=pl.Mem.Right)
    p6 = pl.matmul(l4, r5)
    v7 = pl.tile.move(p6, target_memory=pl.Mem.Vec)
    for i8, (acc9,) in pl.range(3, init_values=(v7,)):
        r16 = pl.yield_(acc9)
    rs24 = pl.tile.reshape(r16, [1, 3])
    rs25 = pl.tile.reshape(rs24, [3, 1])
    o30 = pl.store(rs25, [0, 0], out29)
    return o30
