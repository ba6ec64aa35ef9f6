import pypto.language as pl

# The backedge check is symmetric: a per-lane value yielded into a full-width carry is rejected.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def carry(qk: pl.Tile[[128, 64], pl.FP32, pl.Mem.Acc], full: pl.Tile[[128, 64], pl.FP32, pl.Mem.Vec],
          out_0: pl.Out[pl.Tensor[[128, 64], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    for i, (acc,) in pl.range(4, init_values=(full,)):
        acc_out = pl.yield_(popped)
    return pl.store(acc_out, [0, 0], out_0)
