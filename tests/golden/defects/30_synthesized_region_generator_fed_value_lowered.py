# Defect 30 (found by random kernels): the AUTO path wrapped the vector phase in a pl.split_aiv
# region although a value in it (sv11, a set_validshape of the halved generator f10, which
# nothing reads) is per lane only to the walk: the printed region, read back, was refused by the
# admission of a written region ("leaves vector operations at full width"), so
# --verify-roundtrip exited 3. The region is synthesized only when that admission accepts it;
# here the flat form is kept (remarks/flat_generator_fed_value says why).
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT, "slot_num": 16})
def k700023(in1: pl.Tensor[[16, 32], pl.FP32],
        in3: pl.Tensor[[32, 16], pl.FP32],
        qk13: pl.Tile[[9, 9], pl.FP32, pl.Mem.Acc],
        out16: pl.Out[pl.Tensor[[13, 9], pl.FP32]],
        out18: pl.Out[pl.Tensor[[15, 8], pl.FP32]]):
    m2 = pl.load(in1, [0, 0], [16, 32], target_memory=pl.Mem.Mat)
    m4 = pl.load(in3, [0, 0], [32, 16], target_memory=pl.Mem.Mat)
    l5 = pl.tile.move(m2, target_memory=pl.Mem.Left)
    rt6 = pl.tile.move(m4, target_memory=pl.Mem.Right)
    p7 = pl.matmul(l5, rt6)
    x8 = pl.tile.move(p7, target_memory=pl.Mem.Vec)
    sv9 = pl.tile.set_validshape(x8, 8, 4)
    f10 = pl.tile.full([15, 8], dtype=pl.FP32, value=-1.5)
    sv11 = pl.tile.set_validshape(f10, 15, 8)
    u12 = pl.tile.exp(sv9)
    x14: pl.Tile[[9, 9], pl.FP32, pl.Mem.Vec] = pl.tile.move(qk13, target_memory=pl.Mem.Vec)
    k15 = pl.tile.minimums(x14, 1.0)
    o17 = pl.store(k15, [4, 0], out16)
    o19 = pl.store(f10, [0, 0], out18)
    return o19
