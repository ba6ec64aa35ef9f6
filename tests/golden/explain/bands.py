import pypto.language as pl


# Lane bands for `tilesplit explain`: an odd box, a balanced ragged crossing, an empty lane, a
# runtime extent (given with --scalar) and a gather back to the cube.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def odd_box(qk: pl.Tile[[17, 64], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[17, 64], pl.FP32]]):
    popped = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.mul(popped, popped)
    return pl.store(y, [0, 0], out_0)


@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def ragged(qk: pl.Tile[[16, 128], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[13, 128])],
           out_0: pl.Out[pl.Tensor[[16, 128], pl.FP32]]):
    popped: pl.Tile[[16, 128], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[13, 128])] = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    return pl.store(popped, [0, 0], out_0)


@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def empty_lane(qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[5, 64])],
               t: pl.Tensor[[16, 64], pl.FP32], out_0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    popped: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[5, 64])] = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    w = pl.load(t, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
    y = pl.add(popped, w)
    return pl.store(y, [0, 0], out_0)


@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def runtime_valid(n: pl.Scalar[pl.INDEX],
                  qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[n, 64])],
                  out_0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    popped: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[n, 64])] = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.add(popped, popped)
    return pl.store(y, [0, 0], out_0)


@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def relay(q: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    x = pl.tile.move(q, target_memory=pl.Mem.Vec)
    g = pl.tile.move(x, target_memory=pl.Mem.Mat)
    v = pl.tile.move(g, target_memory=pl.Mem.Vec)
    y = pl.add(v, x)
    return pl.store(y, [0, 0], out)
