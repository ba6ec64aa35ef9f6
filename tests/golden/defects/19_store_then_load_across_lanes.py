import pypto.language as pl

# Store x at rows 0..15 and 16..31 of t, then load rows 8..23 back: lane 0 would read rows 8..15,
# which lane 1 wrote, with no synchronisation between the lanes: rejected at the load, naming the
# store.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def raw(q: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], t: pl.Out[pl.Tensor[[32, 16], pl.FP32]],
        out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    x = pl.tile.move(q, target_memory=pl.Mem.Vec)
    o1 = pl.store(x, [0, 0], t)
    o2 = pl.store(x, [16, 0], o1)
    w = pl.load(o2, [8, 0], [16, 16], target_memory=pl.Mem.Vec)
    return pl.store(w, [0, 0], out)
