import pypto.language as pl

# The valid row extent is a runtime scalar: the boundary transports the full box with the even
# code and each lane's extent is computed from its lane index at run time.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def runtime_valid(n: pl.Scalar[pl.INDEX],
                  qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[n, 64])],
                  out_0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    popped: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[n, 64])] = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.add(popped, popped)
    return pl.store(y, [0, 0], out_0)
