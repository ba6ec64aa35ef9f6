import pypto.language as pl

# The rms_norm column reshape: [128, 1] -> [1, 128] moves the split axis from dim 0 to dim 1,
# and the gather back to the cube follows the operand's axis (split=2), not the function's.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def col(qk: pl.Tile[[128, 1], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[1, 128], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    e = pl.exp(popped)
    row = pl.tile.reshape(e, [1, 128])
    g = pl.tile.move(row, target_memory=pl.Mem.Mat)
    back = pl.tile.move(g, target_memory=pl.Mem.Vec)
    return pl.store(back, [0, 0], out_0)
