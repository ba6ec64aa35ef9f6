import pypto.language as pl

# KNOWN DEFECT, kept visible: for a runtime extent past the half (8 < n < 16) the AUTO arm of
# lower-auto-vector-split puts the lane extent on the pop itself, so the even code starts lane 1
# at row n - 8 instead of 8 (spec: "a runtime split-axis valid extent pops the FULL box").
# The check must report it; flip this case to a plain `check` once the pass is fixed.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def runtime_valid(n: pl.Scalar[pl.INDEX],
                  qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[n, 64])],
                  out_0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    popped: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[n, 64])] = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.add(popped, popped)
    return pl.store(y, [0, 0], out_0)
