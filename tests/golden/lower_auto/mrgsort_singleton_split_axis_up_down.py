import pypto.language as pl

# Under UP_DOWN the lists' split axis is a singleton, which neither lane halves: the merge runs
# whole on each lane and is accepted.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def merge(qk: pl.Tile[[1, 64], pl.FP32, pl.Mem.Acc], b: pl.Tensor[[1, 64], pl.FP32], out_0: pl.Out[pl.Tensor[[1, 128], pl.FP32]]):
    a = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    other = pl.tile.load(b, [0, 0], [1, 64], target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([1, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    m = pl.tile.mrgsort_format2(a, other, tmp)
    return pl.store(m, [0, 0], out_0)
