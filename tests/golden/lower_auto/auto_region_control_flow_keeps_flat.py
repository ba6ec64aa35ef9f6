import pypto.language as pl

# AUTO region synthesis: a vector phase holding control flow keeps the flat lowered form (the
# store is bound, so only the loop stands in the way).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def k(qk: pl.Tile[[128, 64], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 64], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    for i, (acc,) in pl.range(4, init_values=(popped,)):
        nxt = pl.add(acc, popped)
        acc_out = pl.yield_(nxt)
    o = pl.store(acc_out, [0, 0], out_0)
    return o
