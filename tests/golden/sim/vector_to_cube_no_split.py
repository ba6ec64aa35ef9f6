import pypto.language as pl

# (a + b) @ (a - b): both operands are computed per lane and gathered back to the cube. No split: the crossings are implicit moves (code 0, AIV lane 0 only).
@pl.function(type=pl.FunctionType.InCore)
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
