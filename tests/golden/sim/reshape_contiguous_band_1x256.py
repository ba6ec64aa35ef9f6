import pypto.language as pl

# [16, 16] split UP_DOWN reshaped to [1, 256]: each lane's rows stay one contiguous run, so the
# reshape halves the target's first non-unit axis.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def rs(qk: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[1, 256], pl.FP32]]):
    x = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    r = pl.tile.reshape(x, [1, 256])
    e = pl.exp(r)
    return pl.store(e, [0, 0], out)
