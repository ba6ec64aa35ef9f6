import pypto.language as pl

# The carry inherits its init's partition, the exit inherits the carry's; the store after the
# loop is localized.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def acc_loop(qk: pl.Tile[[128, 64], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 64], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    acc0 = pl.tile.full([128, 64], dtype=pl.FP32, value=0.0)
    for i, (acc,) in pl.range(4, init_values=(acc0,)):
        nxt = pl.add(acc, popped)
        acc_out = pl.yield_(nxt)
    return pl.store(acc_out, [0, 0], out_0)
