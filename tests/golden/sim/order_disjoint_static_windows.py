import pypto.language as pl

# Near miss of the lane memory-order check: two stores of halved tiles into one tensor whose
# windows are disjoint across the lanes (x at rows 0..15, y at rows 16..31), a cube store into
# rows the vector side never touches, and a load of a tensor nobody writes. Accepted, and equal
# under every schedule.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def disjoint(q: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], a: pl.Tensor[[16, 16], pl.FP32],
             out: pl.Out[pl.Tensor[[48, 16], pl.FP32]]):
    x = pl.tile.move(q, target_memory=pl.Mem.Vec)
    b = pl.load(a, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
    y = pl.add(x, b)
    o1 = pl.store(x, [0, 0], out)
    o2 = pl.store(y, [16, 0], o1)
    pl.store(q, [32, 0], out)
    return o2
