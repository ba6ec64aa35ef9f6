import pypto.language as pl

# AUTO region synthesis: the same phase with a reshape that migrates the split axis (the gather
# follows it with split=2) keeps the flat lowered form.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def col(qk: pl.Tile[[128, 1], pl.FP32, pl.Mem.Acc], b: pl.Tile[[128, 128], pl.FP32, pl.Mem.Right], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    e = pl.exp(popped)
    row = pl.tile.reshape(e, [1, 128])
    g = pl.tile.move(row, target_memory=pl.Mem.Mat)
    l = pl.tile.move(g, target_memory=pl.Mem.Left)
    c = pl.matmul(l, b)
    o = pl.store(c, [0, 0], out_0)
    return o
