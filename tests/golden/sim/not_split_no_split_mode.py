import pypto.language as pl

# A mixed kernel with no split mode: the expansion still runs (AIC plus AIV lane 0) and is
# compared, and the report says the vector work was not split across the lanes, and why.
@pl.function(type=pl.FunctionType.InCore)
def k(qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    x = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.exp(x)
    return pl.store(y, [0, 0], out_0)
