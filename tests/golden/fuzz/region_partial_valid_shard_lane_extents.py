# Found by tilesplit fuzz (seed 20261201, case 109): an explicit UP_DOWN region shards an Acc tile
# whose split axis is partly valid (box 7, valid 4). Lane 0 holds 4 valid rows and lane 1 none; the
# reference used to take the lane-agnostic type (2 rows per lane) for what each lane stores.
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def kernel(t0: pl.Tensor[[7, 7], pl.FP32], t8: pl.Tensor[[7, 7], pl.FP32], out17: pl.Out[pl.Tensor[[7, 7], pl.FP32]], q19: pl.Tile[[7, 7], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[4, 7])]):
    for _ in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        x1 = pl.load(t0, [0, 0], [7, 7], target_memory=pl.Mem.Vec)
        x9 = pl.load(t8, [0, 0], [7, 7], target_memory=pl.Mem.Vec)
        for i10, (acc11, acc12) in pl.range(1, init_values=(x9, x1)):
            r15, r16 = pl.yield_(acc11, acc12)
        o18 = pl.store(r15, [0, 0], out17)
    for aiv20 in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        sh21 = pl.aiv_shard(q19)
        u23 = pl.neg(sh21)
        o24 = pl.store(u23, [aiv20 * 1, 0], o18)
    return o24
