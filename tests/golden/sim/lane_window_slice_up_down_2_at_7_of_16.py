import pypto.language as pl

# Rows [7, 9) of a 16-row cube result split UP_DOWN: each lane slices its half of the
# window from its own band.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def win(qk: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[2, 8], pl.FP32]]):
    x = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    s = pl.tile.slice(x, [2, 8], [7, 8])
    e = pl.exp(s)
    return pl.store(e, [0, 0], out)
