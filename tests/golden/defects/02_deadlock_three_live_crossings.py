import pypto.language as pl

# Defect 02: three cube results cross to the vector side before any is released. With the
# default slot_num=2 the split program deadlocked; the ring now grows to the 3 slots the lanes
# hold at once.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def three(a: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc],
          c: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    x = pl.tile.move(a, target_memory=pl.Mem.Vec)
    y = pl.tile.move(b, target_memory=pl.Mem.Vec)
    z = pl.tile.move(c, target_memory=pl.Mem.Vec)
    s = pl.add(x, y)
    t = pl.add(s, z)
    return pl.store(t, [0, 0], out)
