import pypto.language as pl

# (a + b) @ (a - b): both operands are computed per lane and gathered back to the cube.
@pl.function(type=pl.FunctionType.InCore, attrs={"split": pl.SplitMode.UP_DOWN})
def vector_to_cube(a: pl.Tensor[[32, 32], pl.FP32], b: pl.Tensor[[32, 32], pl.FP32],
                   out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]):
    x = pl.load(a, [0, 0], [32, 32], target_memory=pl.Mem.Vec)
    y = pl.load(b, [0, 0], [32, 32], target_memory=pl.Mem.Vec)
    s = pl.add(x, y)
    d = pl.sub(x, y)
    sm: pl.Tile[[32, 32], pl.FP32, pl.Mem.Mat] = pl.tile.move(s, target_memory=pl.Mem.Mat)
    dm: pl.Tile[[32, 32], pl.FP32, pl.Mem.Mat] = pl.tile.move(d, target_memory=pl.Mem.Mat)
    sl = pl.tile.move(sm, target_memory=pl.Mem.Left)
    dr = pl.tile.move(dm, target_memory=pl.Mem.Right)
    p = pl.matmul(sl, dr)
    return pl.store(p, [0, 0], out)
