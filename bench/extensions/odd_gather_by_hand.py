import pypto.language as pl

# The odd vector -> cube box of lower_auto/odd_gather_padded_up_down_check written by hand the way
# the spec's note says: the vector side works on the padded even box (18 rows, 17 valid), which
# splits evenly, and the cube slices the 17-row box back out before its own move.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def vc(a: pl.Tensor[[17, 128], pl.FP32], b: pl.Tile[[128, 128], pl.FP32, pl.Mem.Right], out_0: pl.Out[pl.Tensor[[17, 128], pl.FP32]]):
    x = pl.load(a, [0, 0], [18, 128], valid_shape=[17, 128], target_memory=pl.Mem.Vec)
    y = pl.exp(x)
    g = pl.tile.move(y, target_memory=pl.Mem.Mat)
    g17 = pl.tile.slice(g, [17, 128], [0, 0])
    l = pl.tile.move(g17, target_memory=pl.Mem.Left)
    c = pl.matmul(l, b)
    o = pl.store(c, [0, 0], out_0)
    return o
