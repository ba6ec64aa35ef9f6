import pypto.language as pl

# Rows [8, 24) of a 32-row cube result split UP_DOWN: each lane slices its half of the
# window from its own band.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def win(qk: pl.Tile[[32, 8], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[16, 8], pl.FP32]]):
    x = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    s = pl.tile.slice(x, [16, 8], [8, 0])
    e = pl.exp(s)
    return pl.store(e, [0, 0], out)
