import pypto.language as pl

# Near miss of the lane memory-order check: a loop storing a halved 16-row tile at rows i * 16;
# each lane's band of one iteration is disjoint from the other lane's bands of every iteration.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def rows(q: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], out: pl.Out[pl.Tensor[[64, 16], pl.FP32]]):
    x = pl.tile.move(q, target_memory=pl.Mem.Vec)
    for i in pl.range(4):
        y = pl.mul(x, x)
        pl.store(y, [i * 16, 0], out)
    return out
