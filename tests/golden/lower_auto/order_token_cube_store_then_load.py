import pypto.language as pl

# A split extension (reject_order_load_before_crossing is the spec's refusal): the lanes load rows
# of t the cube stored just before. A token shard from the cube (split=0) right before the load
# makes the lanes wait for the cube's store.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def early(q: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], t: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
          out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    pl.store(q, [0, 0], t)
    w = pl.load(t, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
    v = pl.tile.move(q, target_memory=pl.Mem.Vec)
    z = pl.add(v, w)
    return pl.store(z, [0, 0], out)
