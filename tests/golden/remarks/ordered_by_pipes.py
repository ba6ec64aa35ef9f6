import pypto.language as pl

# Each lane stores its band of x into t twice (rows 0..15 and 16..31), then a gather to the cube
# and a shard back precede the load of rows 4..19: lane 0 reads rows lane 1 wrote and the other
# way round, and the two transfers order every lane's stores before the other lane's load. The
# lane memory-order check accepts it; equal under every schedule.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def relay(q: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], t: pl.Out[pl.Tensor[[64, 16], pl.FP32]],
          out: pl.Out[pl.Tensor[[64, 16], pl.FP32]]):
    x = pl.tile.move(q, target_memory=pl.Mem.Vec)
    pl.store(x, [0, 0], t)
    pl.store(x, [16, 0], t)
    g = pl.tile.move(x, target_memory=pl.Mem.Mat)
    v = pl.tile.move(g, target_memory=pl.Mem.Vec)
    w = pl.load(t, [4, 0], [16, 16], target_memory=pl.Mem.Vec)
    y = pl.add(v, w)
    return pl.store(y, [0, 0], out)
