# The kernel of reduction_after_reshape_moved_split_axis.py without the split extensions: the
# pass refuses the reduction at its line (it used to accept it and expand-mixed-kernel refused the
# lowered form).
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def kernel(t10: pl.Tensor[[1, 2], pl.FP32], t12: pl.Tensor[[2, 2], pl.FP32], out24: pl.Out[pl.Tensor[[2, 1], pl.FP32]]):
    a9 = pl.load(t10, [0, 0], [1, 2], target_memory=pl.Mem.Mat)
    b11 = pl.load(t12, [0, 0], [2, 2], target_memory=pl.Mem.Mat)
    l13 = pl.tile.move(a9, target_memory=pl.Mem.Left)
    r14 = pl.tile.move(b11, target_memory=pl.Mem.Right)
    p15 = pl.matmul(l13, r14)
    v16 = pl.tile.move(p15, target_memory=pl.Mem.Vec)
    rs17 = pl.tile.reshape(v16, [2, 1])
    h18 = pl.cast(rs17, pl.FP16)
    ct19 = pl.cast(h18, pl.FP32)
    tmp22 = pl.tile.create([2, 1], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    red23 = pl.tile.row_sum(ct19, tmp22)
    o25 = pl.store(ct19, [0, 0], out24)
    return o25
