import pypto.language as pl

# The lanes load rows of t that the cube stored, but the only cube-to-vector transfer comes after
# the load, so nothing makes the AIC's store land before the lanes read: rejected at the load,
# naming the store (order_cube_store_then_shard_orders_load in tests/golden/sim is the accepted
# order).
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def early(q: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], t: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
          out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    pl.store(q, [0, 0], t)
    w = pl.load(t, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
    v = pl.tile.move(q, target_memory=pl.Mem.Vec)
    z = pl.add(v, w)
    return pl.store(z, [0, 0], out)
