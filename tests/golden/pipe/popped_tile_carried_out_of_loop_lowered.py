import pypto.language as pl

# Each iteration pops y and carries it to the next one; the last y is stored after the loop.
# Releasing y before its yield would free a slot that is still read, so the lane copies y into
# its own Vec tile and releases the slot at once (x, the carry's initial value, is held across
# the loop of crossings and is copied too).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def carried(a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc],
            out1: pl.Out[pl.Tensor[[48, 16], pl.FP32]], out2: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    x = pl.tile.move(a, target_memory=pl.Mem.Vec)
    for i, (acc,) in pl.range(3, init_values=(x,)):
        y = pl.tile.move(b, target_memory=pl.Mem.Vec)
        t = pl.add(acc, y)
        o = pl.store(t, [i * 16, 0], out1)
        r = pl.yield_(y)
    return pl.store(r, [0, 0], out2)
