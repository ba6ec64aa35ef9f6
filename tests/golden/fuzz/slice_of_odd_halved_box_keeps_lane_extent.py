# Found by tilesplit fuzz (seed 1, case 506): LEFT_RIGHT, a slice of a halved odd box (17 columns: lanes
# of 9 and 8) over the lane's whole half. The slice reads the lane's own valid extent, which the
# deducer now keeps (a window at 0 of a valid extent that cannot exceed it), so lane 1 stores 8
# columns, not 9 past the tensor.
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def kernel(t1: pl.Tensor[[2, 1], pl.FP32], t3: pl.Tensor[[1, 17], pl.FP32], out14: pl.Out[pl.Tensor[[2, 17], pl.FP32]]):
    a0 = pl.load(t1, [0, 0], [2, 1], target_memory=pl.Mem.Mat)
    b2 = pl.load(t3, [0, 0], [1, 17], target_memory=pl.Mem.Mat)
    l4 = pl.tile.move(a0, target_memory=pl.Mem.Left)
    r5 = pl.tile.move(b2, target_memory=pl.Mem.Right)
    p6 = pl.matmul(l4, r5)
    v7 = pl.tile.move(p6, target_memory=pl.Mem.Vec)
    sl11 = pl.tile.slice(v7, [1, 17], [1, 0])
    o15 = pl.store(v7, [0, 0], out14)
    o16 = pl.store(sl11, [1, 0], o15)
    return o16
