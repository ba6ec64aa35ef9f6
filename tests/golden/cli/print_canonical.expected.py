import pypto.language as pl

@pl.function(type=pl.FunctionType.InCore)
def scale(x: pl.Tensor[[64, 128], pl.FP32], out: pl.Out[pl.Tensor[[64, 128], pl.FP32]]) -> pl.Tensor[[64, 128], pl.FP32]:
    t: pl.Tile[[64, 128], pl.FP32] = pl.tile.load(x, [0, 0], [64, 128], [64, 128])
    u: pl.Tile[[64, 128], pl.FP32, pl.Mem.Vec] = pl.tile.muls(t, 2.0)
    return pl.tile.store(u, [0, 0], out)
