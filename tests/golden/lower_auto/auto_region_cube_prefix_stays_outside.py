import pypto.language as pl

# AUTO region synthesis: cube work before the single vector phase stays outside the region; the
# phase (shard .. store) is wrapped in program order.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.LEFT_RIGHT})
def k(a: pl.Tile[[128, 128], pl.FP32, pl.Mem.Mat], out_0: pl.Out[pl.Tensor[[128, 128], pl.FP32]]):
    left = pl.tile.move(a, target_memory=pl.Mem.Left)
    right = pl.tile.move(a, target_memory=pl.Mem.Right)
    c = pl.matmul(left, right)
    v = pl.tile.move(c, target_memory=pl.Mem.Vec)
    y = pl.exp(v)
    z = pl.add(y, v)
    o = pl.store(z, [0, 0], out_0)
    return o
