import pypto.language as pl

# A split extension (reject_reshape_band_not_contiguous is the spec's refusal): LEFT_RIGHT
# [16, 16] -> [256, 1] scatters a lane's columns over the flat tile. The source comes back whole
# and both lanes reshape it; the [256, 1] view is a singleton on the split axis, so it stays
# whole, as any broadcast along the split does.

@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def rs(qk: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[256, 1], pl.FP32]]):
    x = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    r = pl.tile.reshape(x, [256, 1])
    return pl.store(r, [0, 0], out)
