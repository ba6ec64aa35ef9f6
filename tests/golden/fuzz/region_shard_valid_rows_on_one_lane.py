# Found by tilesplit fuzz (seed 20261201, case 203): a shard of an Acc tile with 2 valid rows of 16
# stored per lane at aiv * 8; only lane 0 holds valid rows, and the reference must follow it.
import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split_aiv": True})
def kernel(t3: pl.Tensor[[16, 1], pl.FP32], out4: pl.Out[pl.Tensor[[16, 1], pl.FP32]], t7: pl.Tensor[[16, 1], pl.FP32], q14: pl.Tile[[16, 1], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[2, 1])]):
    for aiv0 in pl.split_aiv(2, mode=pl.SplitMode.NONE):
        base1 = aiv0 * 8
        x2 = pl.load(t3, [base1, 0], [8, 1], target_memory=pl.Mem.Vec)
        o5 = pl.store(x2, [base1, 0], out4)
    for aiv6 in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        x8 = pl.load(t7, [0, 0], [16, 1], target_memory=pl.Mem.Vec)
        o13 = pl.store(x8, [0, 0], o5)
    for aiv15 in pl.split_aiv(2, mode=pl.SplitMode.UP_DOWN):
        sh16 = pl.aiv_shard(q14)
        u17 = pl.abs(sh16)
        o18 = pl.store(u17, [aiv15 * 8, 0], o13)
    return o18
