import pypto.language as pl

# whole_operands_row_sum_left_right, checked (a row sum over the split axis from whole operands).

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def rs(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 1], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    scratch = pl.tile.create([128, 128], dtype=pl.FP32, target_memory=pl.Mem.Vec)
    sums = pl.tile.row_sum(popped, scratch)
    return pl.store(sums, [0, 0], out_0)
