import pypto.language as pl

# Each lane would merge only its own halves of the two lists: the result is a pair of merged
# halves, not the halves of the merged list. The merge combines every axis of its lists, so the
# split axis may not cut them.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def merge(qk: pl.Tile[[1, 64], pl.FP32, pl.Mem.Acc], b: pl.Tensor[[1, 64], pl.FP32], out_0: pl.Out[pl.Tensor[[1, 128], pl.FP32]]):
    a = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    other = pl.tile.load(b, [0, 0], [1, 64], target_memory=pl.Mem.Vec)
    tmp = pl.tile.create([1, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    m = pl.tile.mrgsort_format2(a, other, tmp)
    return pl.store(m, [0, 0], out_0)
