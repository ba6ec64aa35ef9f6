import pypto.language as pl

# The vector side stores exp(q) into out, then the cube side stores q into the same rows. No pipe
# transfer runs from the lanes to the AIC between the two stores, so the AIC's store could land
# first: rejected at the cube store, naming the vector store.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def waw(q: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    v = pl.tile.move(q, target_memory=pl.Mem.Vec)
    z = pl.exp(v)
    o1 = pl.store(z, [0, 0], out)
    o2 = pl.store(q, [0, 0], out)
    return o2
