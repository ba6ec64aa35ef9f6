import pypto.language as pl

# A split extension (reject_row_sum_over_split_axis is the spec's refusal): a row sum over the
# columns LEFT_RIGHT halves. Partial sums would round differently from the sequential sum, so the
# lanes' halves cross to the cube and back whole and both lanes sum every row themselves: the
# same op on the same tile as the unsplit kernel, equal bit for bit. The [128, 1] result is a
# singleton on the split axis and stays whole.

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def rs(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 1], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    scratch = pl.tile.create([128, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    sums = pl.tile.row_sum(popped, scratch)
    return pl.store(sums, [0, 0], out_0)
