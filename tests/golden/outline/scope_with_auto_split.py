import pypto.language as pl

# A scope asking for a function-level split becomes an AUTO split function, then lowered.
@pl.function
def k(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    with pl.at(level=pl.Level.CORE_GROUP, optimizations=[pl.split(pl.SplitMode.UP_DOWN)]):
        popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
        y = pl.add(popped, popped)
        o = pl.store(y, [0, 0], out_0)
    return o
