import pypto.language as pl

# AUTO form decided on the source: the matmul between the first vector phase and the gather of
# `row` keeps the flat form, named at the gather (the first vector-side statement after it).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def col(qk: pl.Tile[[128, 128], pl.FP32, pl.Mem.Acc], a: pl.Tile[[128, 128], pl.FP32, pl.Mem.Left], b: pl.Tile[[128, 128], pl.FP32, pl.Mem.Right], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]], out_1: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    e = pl.exp(popped)
    row = pl.exp(e)
    c0 = pl.matmul(a, b)
    o1 = pl.store(c0, [0, 0], out_1)
    g = pl.tile.move(row, target_memory=pl.Mem.Mat)
    l = pl.tile.move(g, target_memory=pl.Mem.Left)
    c = pl.matmul(l, b)
    o = pl.store(c, [0, 0], out_0)
    return o
