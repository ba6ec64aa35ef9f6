import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def carry(qk: pl.Tile[[128, 64], pl.FP32, pl.Mem.Acc], full: pl.Tile[[128, 64], pl.FP32, pl.Mem.Vec],
          out_0: pl.Out[pl.Tensor[[128, 64], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    for i, (acc,) in pl.range(4, init_values=(popped,)):
        acc_out = pl.yield_(pl.tile.add(full, full))
    return pl.store(acc_out, [0, 0], out_0)
