import pypto.language as pl

# The cube stores q into t, then a cube-to-vector crossing (a pipe transfer) precedes the lanes'
# load of the same rows: the transfer orders the AIC's store before each lane's load, so the
# lane memory-order check accepts it, and it is equal under every schedule.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def handoff(q: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], t: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
            out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    pl.store(q, [0, 0], t)
    v = pl.tile.move(q, target_memory=pl.Mem.Vec)
    w = pl.load(t, [0, 0], [16, 16], target_memory=pl.Mem.Vec)
    z = pl.add(v, w)
    return pl.store(z, [0, 0], out)
