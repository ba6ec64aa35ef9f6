import pypto.language as pl

# An unsplit mixed kernel whose store takes a nested vector call: the store runs on the vector
# side with the exp it evaluates (it used to be copied to the cube as well, which has no v).
@pl.function(type=pl.FunctionType.InCore)
def k(acc: pl.Tile[[2, 2], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[2, 2], pl.FP32]]):
    v = pl.tile.move(acc, target_memory=pl.Mem.Vec)
    o = pl.store(pl.exp(v), [0, 0], out_0)
    return o
