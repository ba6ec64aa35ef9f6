import pypto.language as pl

# A split extension (reject_gather_odd_box is the spec's refusal): the 17-row box crosses to the
# cube padded. Each lane hands over its whole 9-row band (m_lanes; lane 1's last row is the pad,
# past the valid extent), the bands abut at 9 in the 18-row join, and the cube slices the 17-row
# box back out at the origin before its own move: the cube never reads the pad, and its work
# keeps its types.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def vc(a: pl.Tensor[[17, 128], pl.FP32], b: pl.Tile[[128, 128], pl.FP32, pl.Mem.Right], out_0: pl.Out[pl.Tensor[[17, 128], pl.FP32]]):
    x = pl.load(a, [0, 0], [17, 128], target_memory=pl.Mem.Vec)
    y = pl.exp(x)
    g = pl.tile.move(y, target_memory=pl.Mem.Mat)
    l = pl.tile.move(g, target_memory=pl.Mem.Left)
    c = pl.matmul(l, b)
    o = pl.store(c, [0, 0], out_0)
    return o
