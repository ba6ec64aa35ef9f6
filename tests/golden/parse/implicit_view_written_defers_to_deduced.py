import pypto.language as pl

# Writing the implicit view (here a valid_shape equal to the shape) is the same type as writing no
# view: the deduced view of the move from Acc (its layout) is kept, and printing is idempotent.
@pl.function(type=pl.FunctionType.InCore)
def f(qk: pl.Tile[[16, 64], pl.FP32, pl.Mem.Acc], out_0: pl.Out[pl.Tensor[[16, 64], pl.FP32]]):
    popped: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 64])] = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    return pl.store(popped, [0, 0], out_0)
