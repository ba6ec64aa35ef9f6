# Found by tilesplit fuzz (seed 1, case 3405): a region stores a shard one lane holds no rows of, so
# the store is lane-guarded; the cube then stores into the guarded store's result. The cube reads
# the tensor through its parameter and the guard, which reads the lane index, stays on the vector.
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def kernel(q0: pl.Tile[[2, 2], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[1, 2])], out8: pl.Out[pl.Tensor[[2, 2], pl.FP32]], q10: pl.Tile[[2, 2], pl.FP32, pl.Mem.Acc], t19: pl.Tensor[[2, 2], pl.FP32]):
    for aiv1 in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        sh2 = pl.aiv_shard(q0)
        o9 = pl.store(sh2, [aiv1 * 2, 0], out8)
    for aiv11 in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        sh12 = pl.aiv_shard(q10)
        gt16 = pl.aic_gather(sh12)
    gl17 = pl.tile.move(gt16, target_memory=pl.Mem.Left)
    b18 = pl.load(t19, [0, 0], [2, 2], target_memory=pl.Mem.Mat)
    r20 = pl.tile.move(b18, target_memory=pl.Mem.Right)
    p21 = pl.matmul(gl17, r20)
    o22 = pl.store(p21, [0, 0], o9)
    return o22
