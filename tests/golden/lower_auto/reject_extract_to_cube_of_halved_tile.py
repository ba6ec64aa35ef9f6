import pypto.language as pl

# A cube-side extract (into Left) of a halved tile: the cube holds no lane band.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def ex(qk: pl.Tile[[16, 16], pl.FP32, pl.Mem.Acc], b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Right], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
    x = pl.tile.move(qk, target_memory=pl.Mem.Vec)
    l = pl.tile.extract(x, 0, 0, [16, 16], target_memory=pl.Mem.Left)
    p = pl.matmul(l, b)
    return pl.store(p, [0, 0], out)
