import pypto.language as pl

# A crossing nested in an operand of an unsplit mixed kernel: the split pass leaves the kernel as
# written, and no one core can run a statement that moves a cube tile to the vector side and
# computes on it, so the pass rejects it (the split AUTO path binds nested calls itself).
@pl.function(type=pl.FunctionType.InCore)
def k(acc: pl.Tile[[2, 2], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[2, 2], pl.FP32]]):
    o = pl.store(pl.exp(pl.tile.move(acc, target_memory=pl.Mem.Vec)), [0, 0], out_0)
    return o
