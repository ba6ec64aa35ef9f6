import pypto.language as pl

# AUTO form decided on the source: a crossing with a runtime valid extent crosses as its full
# box, widened on the cube side first, so it counts as cube work after the store of `x`: the flat
# form is kept, named at the crossing.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def fullbox_after_vector(n: pl.Scalar[pl.INDEX],
                         qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[n, 64])],
                         a: pl.Tensor[[16, 64], pl.FP32],
                         out_0: pl.Out[pl.Tensor[[16, 64], pl.FP32]],
                         out_1: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    x = pl.load(a, [0, 0], [16, 64], target_memory=pl.Mem.Vec)
    o1 = pl.store(x, [0, 0], out_1)
    popped: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[n, 64])] = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    y = pl.add(popped, popped)
    o = pl.store(y, [0, 0], out_0)
    return o
