# Defect 30b: the same class as 30, through a row reduction of a halved generator (rr22 =
# row_max(f20, tmp21)) that feeds the stored value: per lane to the walk, neutral to the
# admission of the printed region.
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k910400(in1: pl.Tensor[[5, 15], pl.FP32],
        in3: pl.Tensor[[15, 32], pl.FP32],
        qk9: pl.Tile[[5, 32], pl.FP32, pl.Mem.Acc],
        in13: pl.Tensor[[20, 32], pl.FP32],
        in17: pl.Tensor[[13, 32], pl.FP32],
        out24: pl.Out[pl.Tensor[[5, 32], pl.FP32]]):
    m2 = pl.load(in1, [0, 0], [5, 15], target_memory=pl.Mem.Mat)
    m4 = pl.load(in3, [0, 0], [15, 32], [15, 17], target_memory=pl.Mem.Mat)
    l5 = pl.tile.move(m2, target_memory=pl.Mem.Left)
    rt6 = pl.tile.move(m4, target_memory=pl.Mem.Right)
    p7 = pl.matmul(l5, rt6)
    x8 = pl.tile.move(p7, target_memory=pl.Mem.Vec)
    x10 = pl.tile.move(qk9, target_memory=pl.Mem.Vec)
    b11 = pl.tile.maximum(x8, x10)
    sv12 = pl.tile.set_validshape(b11, 5, 17)
    v14 = pl.load(in13, [16, 0], [4, 32], target_memory=pl.Mem.Vec)
    u15 = pl.tile.recip(v14)
    u16 = pl.tile.exp(x8)
    v18 = pl.load(in17, [8, 0], [5, 32], target_memory=pl.Mem.Vec)
    b19 = pl.tile.add(u16, v18)
    f20 = pl.tile.full([5, 32], dtype=pl.FP32, value=-0.125)
    tmp21 = pl.tile.create([5, 32], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    rr22 = pl.tile.row_max(f20, tmp21)
    bc23 = pl.tile.mul(b19, rr22)
    o25 = pl.store(bc23, [0, 0], out24)
    return o25
