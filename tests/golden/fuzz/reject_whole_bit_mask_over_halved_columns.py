# Found by tilesplit fuzz (seed 1, case 1893): LEFT_RIGHT, tile.sel with a one-column UINT8 bit mask
# over halved data. One mask byte holds the bits of 8 columns, so the mask is no broadcast: lane 1
# would select with the bits of column 0. Rejected at the select.
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def kernel(t1: pl.Tensor[[1, 2], pl.FP32], t3: pl.Tensor[[2, 2], pl.FP32], f9: pl.Scalar[pl.FP32], t11: pl.Tensor[[1, 1], pl.UINT8], out16: pl.Out[pl.Tensor[[1, 2], pl.FP32]]):
    a0 = pl.load(t1, [0, 0], [1, 2], target_memory=pl.Mem.Mat)
    b2 = pl.load(t3, [0, 0], [2, 2], target_memory=pl.Mem.Mat)
    l4 = pl.tile.move(a0, target_memory=pl.Mem.Left)
    r5 = pl.tile.move(b2, target_memory=pl.Mem.Right)
    p6 = pl.matmul(l4, r5)
    v7 = pl.tile.move(p6, target_memory=pl.Mem.Vec)
    s8 = pl.add(v7, f9)
    mk10 = pl.load(t11, [0, 0], [1, 1], target_memory=pl.Mem.Vec)
    tmp12 = pl.tile.create([1, 2], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    se13 = pl.tile.sel(mk10, s8, v7, tmp12)
    o17 = pl.store(se13, [0, 0], out16)
    o18 = pl.store(se13, [0, 0], o17)
    return o18
