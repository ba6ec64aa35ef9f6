import pypto.language as pl

# A runtime extent past the half (8 < n < 16): the crossing transports the full box and the
# lane's extent is applied after the pop, so the even code places lane 1 at row 8 whatever n is
# (spec: "a runtime split-axis valid extent pops the FULL box").
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def runtime_valid(n: pl.Scalar[pl.INDEX],
                  qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[n, 64])],
                  out_0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    popped: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[n, 64])] = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.add(popped, popped)
    return pl.store(y, [0, 0], out_0)
